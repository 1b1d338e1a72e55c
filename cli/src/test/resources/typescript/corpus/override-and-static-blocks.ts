// override modifiers and static blocks with types.
class A { greet(): string { return "A"; } static tag: string; }
class B extends A {
  override greet(): string { return "B" + super.greet(); }
  static override tag: string = "tagged";
  static {
    const local: number = 2;
    B.count = local as number;
  }
  static count: number;
}
console.log(new B().greet(), B.tag, B.count);
export default function () {}
