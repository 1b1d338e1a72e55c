// An arrow function's return type over several lines: no line break may be left before "=>".
const pick = async (
  kind: "a" | "b",
): Promise<
  | { status: "x"; n: number }
  | { status: "y" }
> => (kind === "a" ? { status: "x", n: 1 } : { status: "y" });
const twice = (n: number): number
  | string => n * 2;
const none = ():
  void => {};
const generic = <T,>(v: T): Array<
  T
> => [v, v];
const err = (): Error => new Error("at");
const line = String(err().stack).split("\n")[1] ?? "";
pick("b").then((r) => console.log(r.status, twice(3), typeof none(), generic(1).length, /:15:/.test(line)));
export default function () {}
