// declare fields define nothing; plain fields without initialisers define undefined.
class Base { x = "base x"; y = "base y"; }
class Child extends Base {
  declare x: string;
  y!: string;
  z?: number;
  declare readonly w: number;
}
const c = new Child();
console.log(c.x, c.y, "z" in c, "w" in c, Object.keys(c).join(","));
export default function () {}
