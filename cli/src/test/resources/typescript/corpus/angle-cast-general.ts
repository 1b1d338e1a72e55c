// Angle-bracket casts in ordinary positions.
const raw: unknown = "hello";
const len = (<string>raw).length;
const sum = <number>(<any>2) + 3;
const arr = <Array<number>>[1, 2, 3];
const objVal = (<{ a: number }>{ a: 9 }).a;
const generic = <Map<string, Array<number>>>new Map([["k", [1]]]);
console.log(len, sum, arr.length, objVal, generic.get("k")![0]);
const fn = <any>function () { return "fn expression"; };
console.log(fn());
export default function () {}
