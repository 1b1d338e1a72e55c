// Numeric enums: auto-increment, initialisers and the reverse mapping.
enum Dir { Up, Down, Left = 10, Right }
console.log(Dir.Up, Dir.Down, Dir.Left, Dir.Right, Dir[0], Dir[11], JSON.stringify(Dir));
enum Bits {
  None = 0,
  A = 1 << 0,
  B = 1 << 1,
  AB = A | B,
  C = Bits.AB * 2,
  D = "abc".length,
}
console.log(Bits.AB, Bits.C, Bits.D, Bits[3], Object.keys(Bits).join(","));
function name(d: Dir): string { return Dir[d]; }
console.log(name(Dir.Right));
export default function () {}
