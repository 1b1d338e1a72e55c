// Enums in blocks, case blocks, catch clauses and for heads, and one read from a function before it is declared.
function g() { return JSON.stringify(Late); }
enum Early { A = 1, B = A + 1 }
enum Late { X = Early.B * 2, Y }
console.log(g());
switch (1) { case 1: { enum S { A = 4, B } console.log(JSON.stringify(S)); } }
try { throw 1 } catch (A) { enum CC { A = 9, B = A } console.log(JSON.stringify(CC)); }
for (const A of [3]) { enum FF { B = A, C } console.log(JSON.stringify(FF)); }
export default function () {}
