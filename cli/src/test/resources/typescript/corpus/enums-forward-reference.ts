// A member read before it is declared: tsc gives it 0 where it computes the value (and reports
// TS2651 when it checks types); graft refuses the file rather than run another value.
enum F { A = B, B = 1 }
console.log(JSON.stringify(F));
export default function () {}
