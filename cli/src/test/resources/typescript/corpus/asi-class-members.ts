// Class fields whose types are erased, next members starting with "[" or "(": separate members.
const key = "computed";
class Box {
  width: number = 3;
  plain: string
  [key]: string = "by key"
  height = 4 as number
  ["other"] = "other field";
  [index: string]: unknown
  label?: string
  ["last"]() { return "method"; }
}
const b = new Box();
console.log(b.width, b.height, (b as any).computed, (b as any).other, (b as any).last(), "label" in b);
console.log(Object.keys(b).join(","), "plain" in b);
export default function () {}
