// Return types that are object types, followed by the function body.
function f(): { a: number } { return { a: 1 }; }
function g(x: { b: string }): { c: string } { return { c: x.b }; }
const h = function (): { d: boolean } { return { d: true }; };
class K { m(): { e: number[] } { return { e: [1] }; } }
const arrow = (): { f: () => void } => ({ f() {} });
console.log(f().a, g({ b: "b" }).c, h().d, new K().m().e[0], typeof arrow().f);
export default function () {}
