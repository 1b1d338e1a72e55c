// Generic arrow functions in a .ts file.
const id = <T,>(x: T): T => x;
const first = <T extends unknown[]>(xs: T): T[0] => xs[0];
const pair = <A, B = A>(a: A, b: B): [A, B] => [a, b];
const later = async <T>(x: T): Promise<T> => x;
const constParam = <const T extends readonly string[]>(xs: T) => xs.length;
console.log(id(1), first([7, 8]), JSON.stringify(pair("a", 2)), constParam(["p", "q"]));
later("async generic").then((v) => console.log(v));
const curried = <T>(a: T) => <U>(b: U): [T, U] => [a, b];
console.log(JSON.stringify(curried(1)("two")));
export default function () {}
