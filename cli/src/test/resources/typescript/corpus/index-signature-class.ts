// Index signatures in a class are types only, not fields.
class Bag {
  [key: string]: unknown;
  static [name: string]: unknown;
  count = 1;
  readonly [id: number]: string;
}
const bag = new Bag();
console.log(Object.keys(bag).join(","), "key" in bag, bag.count);
interface Dict { [k: string]: number }
const d: Dict = { a: 1 };
console.log(d.a);
export default function () {}
