// Optional parameters, optional properties and optional methods.
function opt(a: number, b?: number, ...rest: number[]): string {
  return [a, b, rest.length].join("/");
}
console.log(opt(1), opt(1, 2), opt(1, 2, 3, 4));
class Maybe {
  name?: string;
  size?: number = 3;
  greet?(): string { return "hello"; }
  static make?(): Maybe { return new Maybe(); }
}
const mb = new Maybe();
console.log(Object.keys(mb).join(","), mb.greet!(), typeof Maybe.make);
const f = function (this: void, x?: string) { return x ?? "none"; };
console.log(f(), f("some"));
const destructured = ({ a, b = 2 }: { a: number; b?: number }, [c]: [number?] = []) => a + b + (c ?? 0);
console.log(destructured({ a: 1 }), destructured({ a: 1, b: 1 }, [5]));
export default function () {}
