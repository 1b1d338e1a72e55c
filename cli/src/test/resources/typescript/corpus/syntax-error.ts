// A syntax error: refused by both, at the same line.
const ok: number = 1;

const broken: = 2;
console.log(ok, broken);
export default function () {}
