// A statement without a semicolon, then a type alias, then a line starting with "(".
let n = 1
type Pair = [number, number]
(function () { n = 2; })();
console.log(n);
let s = "x"
interface Shape { w: number }
[1, 2].forEach((v) => { s += v; });
console.log(s);
export default function () {}
