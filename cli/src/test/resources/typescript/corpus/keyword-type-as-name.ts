// "type" as a variable, a property, a parameter and a line-split statement.
let type = 1;
type = type + 1;
const o = { type: "prop", interface: "i" };
function describe(type: string): string { return "type=" + type; }
console.log(type, o.type, o.interface, describe("x"));
let Foo = 0;
type
Foo = 5;
console.log(Foo);
type Foo2 = string;
const type2: Foo2 = "alias still erased";
console.log(type2);
export default function () {}
