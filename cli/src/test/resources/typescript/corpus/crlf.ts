// A file with CRLF line ends.
const a: number = 1
const f = a as unknown as number
;(function () { console.log("iife", a); })()
interface Shape {
  w: number;
}
const s: Shape = { w: 2 }
const x = s as Shape
[1].forEach((n) => console.log("each", n))
console.log(f, s.w, x === s)
class C {
  readonly
  y = 2;
}
console.log(Object.keys(new C()).join(","))
export default function () {}
