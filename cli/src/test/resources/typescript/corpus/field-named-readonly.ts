// "readonly" on a line of its own is a field named readonly, not a modifier.
class Fields {
  readonly
  x = 1;
  readonly = "field called readonly";
  readonly y: number = 2;
}
const f = new Fields();
console.log(Object.keys(f).join(","), String((f as any).readonly), f.x, f.y);
export default function () {}
