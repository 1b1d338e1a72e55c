// An arrow whose body is an angle-bracket cast of an object literal returns the object.
const make = () => <any>{ kind: "made", n: 1 };
const typed = (x: number) => <{ v: number }>{ v: x };
const nested = () => <any>{ inner: <any>{ deep: true } };
console.log(JSON.stringify(make()), JSON.stringify(typed(5)), JSON.stringify(nested()));
const list = [1, 2].map((n) => <{ n: number }>{ n });
console.log(JSON.stringify(list));
export default function () {}
