// Comments inside erased types and generics, over several lines.
function f<
  T, // first
  /* second */ U = T,
>(
  a: T /* after a */,
  b: U, // trailing
): [T, U] /* return */ {
  return [a, b];
}
const x: /* inline */ number = 1;
const y = x as /* cast comment */ number
  /* next line comment */ + 1;
console.log(JSON.stringify(f(1, "u")), x, y);
interface Doc {
  /** documented */
  field: string; // more
}
const doc: Doc = { field: "d" };
console.log(doc.field);
export default function () {}
