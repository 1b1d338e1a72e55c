// const enums keep an object (each file compiled on its own, as tsc's transpileModule does).
const enum Size { S = 1, M = S * 2, L = M * 2 }
console.log(Size.S, Size.M, Size.L);
const enum Names { A = "a", B = "b" }
console.log(Names.A + Names.B);
function inner() {
  enum Local { X = 3, Y }
  return Local.Y;
}
console.log(inner());
enum Twice { A = 1 }
enum Twice { B = 2 }
console.log(JSON.stringify(Twice));
export default function () {}
