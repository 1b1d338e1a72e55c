// Constants in initialisers: tsc evaluates a "const NAME = value" declared before the enum (so a
// member after one is its value plus one), but not one with a type, a pattern, or declared later.
function num(): number { return 7; }
const BASE = 4;
const NAME = "n";
const TYPED: number = 10;
const COMPUTED = num();
const { PICKED } = { PICKED: 20 };
const DERIVED = BASE * 2;
enum B { X = BASE, Y, Z = NAME, W = TYPED, V, U = COMPUTED, T, S = PICKED, R, Q = DERIVED + 1, P }
console.log(JSON.stringify(B));
function inner(): string {
  const BASE = "shadow";
  enum I { A = BASE, B = BASE.length }
  return JSON.stringify(I);
}
console.log(inner());
function later(): string {
  enum L { A = LATER, B }
  return JSON.stringify(L);
}
const LATER = 3;
console.log(later());
export default function () {}
