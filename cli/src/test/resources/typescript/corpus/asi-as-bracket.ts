// A cast at a line end, the next line starting with "[": not an index in tsc's reading.
const list = [10, 20, 30];
const picked = list as number[]
[1, 2].forEach((n) => console.log("each", n));
console.log(JSON.stringify(picked));
let text = "abc" as string
[0].map((n) => console.log("map", n));
console.log(text);
export default function () {}
