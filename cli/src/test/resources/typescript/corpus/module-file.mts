// An .mts file: a module, types erased the same way.
const x: number = <number>2;
export const y: string = "mts";
enum E { A = 1 }
console.log(x, y, E.A);
export default function () {}
