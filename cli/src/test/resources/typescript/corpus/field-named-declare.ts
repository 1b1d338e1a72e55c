// "declare", "public", "abstract" and friends on a line of their own are fields.
class Fields {
  declare
  y: number;
  public
  z = 3;
  static
  w = 4;
  override = "override field";
  abstract = "abstract field";
  declare v: number;
}
const f = new Fields();
console.log(Object.keys(f).join(","), (f as any).declare, (f as any).public, f.z, (f as any).static, f.w);
console.log("v" in f, f.abstract, f.override);
export default function () {}
