// Overload signatures are erased, the implementation stays.
function pad(s: string): string;
function pad(n: number): string;
function pad(x: string | number, width?: number): string;
function pad(x: any, width = 4) {
  return String(x).padStart(width, ".");
}
console.log(pad("a"), pad(7), pad("b", 6));
export function twice(x: string): string;
export function twice(x: number): number;
export function twice(x: any): any { return typeof x === "string" ? x + x : x * 2; }
console.log(twice("ab"), twice(21));
export default function () {}
