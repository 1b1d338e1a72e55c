// Private names with types.
class Counter {
  #count: number = 0;
  static #made: number = 0;
  readonly #step: number;
  constructor(step: number = 1) { this.#step = step; Counter.#made++; }
  #bump(): void { this.#count += this.#step; }
  inc(): number { this.#bump(); return this.#count; }
  static made(): number { return Counter.#made; }
  static has(o: object): boolean { return #count in o; }
}
const c = new Counter(2);
c.inc();
console.log(c.inc(), Counter.made(), Counter.has(c), Counter.has({}), Object.keys(c).length);
export default function () {}
