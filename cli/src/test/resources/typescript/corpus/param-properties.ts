// Parameter properties become fields, assigned first in the constructor.
class User {
  created = Date.now() > 0;
  constructor(public name: string, private readonly age: number, protected tag = "t", readonly id?: number) {
    console.log("in constructor", this.name, this.age);
  }
  describe() { return this.name + ":" + this.age + ":" + this.tag + ":" + this.id; }
}
const u = new User("ann", 30);
console.log(u.describe(), Object.keys(u).join(","), JSON.stringify(u));
class Empty { constructor(public a: number) {} }
console.log(JSON.stringify(new Empty(1)));
class Over { constructor(override readonly x: number, public y: number = x * 2) {} }
console.log(JSON.stringify(new Over(3)));
export default function () {}
