// Abstract classes and members.
abstract class Animal {
  abstract readonly sound: string;
  protected abstract legs: number;
  abstract speak(): string;
  protected abstract count(n: number): number;
  describe(): string { return this.speak() + " on " + this.count(1); }
  abstract get kind(): string;
}
class Dog extends Animal {
  readonly sound = "woof";
  protected legs = 4;
  speak() { return this.sound; }
  protected count(n: number) { return this.legs * n; }
  get kind() { return "dog"; }
}
const d = new Dog();
console.log(d.describe(), d.kind, Object.keys(d).join(","));
export abstract class Base { abstract m(): void; n() { return "n"; } }
class Impl extends Base { m() {} }
console.log(new Impl().n(), Object.getOwnPropertyNames(Animal.prototype).join(","));
export default function () {}
