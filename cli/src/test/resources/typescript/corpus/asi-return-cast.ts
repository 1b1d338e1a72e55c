// A return whose value starts with an angle-bracket cast and a line break.
function one(): number {
  return <number>
    1;
}
function obj(): { a: number } {
  return <{ a: number }>
    { a: 2 };
}
function thrower() {
  throw <Error>
    new Error("thrown value");
}
console.log(one(), JSON.stringify(obj()));
try { thrower(); } catch (e) { console.log((e as Error).message); }
export default function () {}
