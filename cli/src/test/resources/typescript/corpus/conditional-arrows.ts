// Arrow functions inside conditional expressions.
const cond = true;
const pick = cond ? (x: number): number => x + 1 : (x: number): number => x - 1;
console.log(pick(10));
const f2 = cond ? (x: number) => x * 2 : null;
console.log(f2!(4));
const a = 1, b = 2, c = 3;
const plain = cond ? (a) : b;
console.log(plain, cond ? (b) : (c));
const nested = (n: number) => n > 0 ? (m: number): string => "pos" + m : (m: number): string => "neg" + m;
console.log(nested(1)(2), nested(-1)(3));
export default function () {}
