// implements clauses and generic heritage are erased; extends stays.
interface Named { name: string }
interface Aged { age: number }
class Base<T> { constructor(readonly value: T) {} }
class Person extends Base<string> implements Named, Aged {
  name = "p";
  age = 3;
}
const Anon = class implements Named { name = "anon"; };
class Gen<T extends object = {}, U = T> implements Partial<Named> {
  make(t: T, u: U): [T, U] { return [t, u]; }
}
const p = new Person("v");
console.log(p.value, p.name, new Anon().name, JSON.stringify(new Gen().make({}, 1)));
function mixin<TBase extends new (...args: any[]) => {}>(B: TBase) { return class extends B { mixed = true; }; }
console.log(new (mixin(Person))("w").mixed);
export default function () {}
