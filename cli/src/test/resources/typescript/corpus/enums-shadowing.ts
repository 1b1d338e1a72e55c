// A name bound inside an initialiser (a parameter, a local) is that binding, not the member.
enum Sh {
  A = 1,
  B = ((A: number): number => A * 10)(5),
  C = (() => { const A = 7; return A; })(),
  D = (function () { return A; })(),
  E = [A].length + A,
  F = ((x: number) => x + A)(1),
}
console.log(JSON.stringify(Sh));
export default function () {}
