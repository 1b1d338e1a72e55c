// Erased declarations between statements never join the statements around them.
let a = 5
declare const outside: number
(function () { a = 6; })();
console.log(a);
let b = 1
declare function helper(x: number): number
[10].forEach((v) => { b = v; });
console.log(b);
function over(x: string): string
function over(x: number): number
function over(x: any) { return x; }
let c = 3
function over2(x: string): void
;[4].forEach((v) => { c = v; });
function over2(x: any) {}
console.log(c, over("k"), over(2));
export default function () {}
