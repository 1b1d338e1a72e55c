// Values tsc cannot compute: a member after one is undefined, and the reverse mapping is kept
// unless the value is syntactically a string, whatever it is when the file runs.
function str(): string { return "s"; }
function num(): number { return 2; }
enum C1 { A = num(), B, C = 3, D }
enum C2 { A = str(), B = str() + 1, C = 1 + str() + "", D = `${num()}`, E = "x".repeat(2) }
enum C3 { A = 1, B = (A as any) + 1, C, D = <any>A, E = A!, F }
enum C4 { A = "a", B = `${A}b`, C = B + A, D = -1 >>> 0, E, F = 2 ** 3 ** 2, G = 1 / 0 }
console.log(JSON.stringify(C1));
console.log(JSON.stringify(C2));
console.log(JSON.stringify(C3));
console.log(JSON.stringify(C4));
export default function () {}
