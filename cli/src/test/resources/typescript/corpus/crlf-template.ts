// CRLF with comments and a template spanning lines.
const t: string = `line one
line two`;
/* block
   comment */ const n: number = t.split("\n").length;
console.log(n, JSON.stringify(t));
export default function () {}
