// Members whose names shadow outer bindings, or the enum's own name, or globals, or that no
// local can hold (eval, arguments, __proto__): each read in an initialiser as tsc reads it.
const A = 100;
enum S { "A" = 1, B = A, C = A + Number("1") }
enum E { E = 5, F = E, G = E * 2, H = E.E + 1 }
enum Ev { eval = 1, X = eval, Y = eval + Number("1") }
enum Ar { arguments = 1, X = arguments, Y = (function () { return arguments.length; })(7, 8) }
enum P { __proto__ = 1, X = __proto__, Y, constructor = 5, toString = 6 }
enum U { undefined = 5, X = undefined, NaN = 3, Infinity = 4, Y = NaN + Infinity }
enum R { delete = 1, new = 2, class, if, default, yield, await, let, static, implements }
console.log(JSON.stringify(S), A);
console.log(JSON.stringify(E));
console.log(JSON.stringify(Ev), JSON.stringify(Ar));
console.log(JSON.stringify(P), Object.keys(P).join(","), typeof P.toString);
console.log(JSON.stringify(U), JSON.stringify(R));
export default function () {}
