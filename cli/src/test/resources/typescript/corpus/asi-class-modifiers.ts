// A field without a semicolon, then a member whose TypeScript modifiers are erased.
const Flags = { REF: "__ref", SHALLOW: "__shallow" } as const;
class Ref {
  dep: Map<string, number> = new Map()

  public readonly [Flags.REF] = true
  private [Flags.SHALLOW]: boolean = false
  protected count = 0
  public
  plain = "field named public before it"
}
const r = new Ref();
console.log(Object.keys(r).join(","), (r as any).__ref, (r as any).__shallow, r.dep instanceof Map);
export default function () {}
