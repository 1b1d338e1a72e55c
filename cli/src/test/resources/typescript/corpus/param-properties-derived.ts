// Parameter properties in a derived class: assigned after super().
class Base {
  kind = "base";
  constructor(public id: number) { console.log("base ctor", id); }
}
class Child extends Base {
  extra = "extra";
  constructor(public label: string, id: number) {
    console.log("before super");
    super(id);
    console.log("after super", this.label);
  }
}
const c = new Child("lbl", 7);
console.log(Object.keys(c).join(","), JSON.stringify(c));
class Short extends Base { constructor(private readonly flag: boolean) { super(1); } get f() { return this.flag; } }
console.log(new Short(true).f, Object.keys(new Short(false)).join(","));
export default function () {}
