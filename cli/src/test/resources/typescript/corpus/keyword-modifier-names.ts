// Methods and fields named like modifiers, and modifiers that are real.
class Odd {
  static static = "static static";
  public public() { return "public method"; }
  private private = "private field";
  readonly readonly = "readonly readonly";
  declare: string = "declare field";
  abstract() { return "abstract method"; }
  override() { return "override method"; }
  async async() { return "async async"; }
  get get() { return "getter get"; }
  set set(v: string) { this.private = v; }
  static async *gen(): AsyncGenerator<number> { yield 1; }
  accessor() { return "accessor method"; }
}
const o = new Odd();
console.log(Odd.static, o.public(), o.readonly, o.declare, o.abstract(), o.override(), o.get, o.accessor());
o.set = "set through setter";
console.log((o as any).private);
o.async().then((v) => console.log(v));
export default function () {}
