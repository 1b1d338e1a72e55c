// A cast at a line end, the next line starting with "(": tsc ends the statement there.
let calls = 0;
const f = (n: number) => { calls++; return n * 2; };
const g = f as (n: number) => number
(function () { console.log("iife ran"); })();
console.log(typeof g, calls);
const value = 7 as number
;(() => console.log("arrow ran"))()
console.log(value);
export default function () {}
