// Only an untyped "const NAME = value" is a constant tsc evaluates; var, let and an assertion are not.
var v = 3;
let l = 4;
const c = 5 as number;
const d = <number>6;
enum V { A = v, B = l, C = c, D = d, E, F = -c, G = ~d }
console.log(JSON.stringify(V));
export default function () {}
