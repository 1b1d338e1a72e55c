// Getters and setters with types and modifiers.
class Temp {
  private _c: number = 0;
  get celsius(): number { return this._c; }
  set celsius(v: number) { this._c = v; }
  public get fahrenheit(): number { return this._c * 9 / 5 + 32; }
  static get unit(): string { return "C"; }
  protected static set ignored(_v: string) {}
}
const t = new Temp();
t.celsius = 100;
console.log(t.celsius, t.fahrenheit, Temp.unit, Object.keys(t).join(","));
const o = { get x(): number { return 1; }, set x(_v: number) {} };
console.log(o.x);
export default function () {}
