// this parameters are erased, the other parameters keep their positions.
interface Ctx { base: number }
function add(this: Ctx, x: number): number { return this.base + x; }
function only(this: Ctx): number { return this.base; }
function spaced(
  this: Ctx,
  y: number,
) { return this.base * y; }
const ctx = { base: 10 };
console.log(add.call(ctx, 5), only.call(ctx), spaced.call(ctx, 3), add.length, only.length);
class K {
  base = 2;
  m(this: K, z: number) { return this.base + z; }
}
console.log(new K().m(1), K.prototype.m.length);
const o = { base: 7, f(this: Ctx, q: number) { return this.base - q; } };
console.log(o.f(2));
export default function () {}
