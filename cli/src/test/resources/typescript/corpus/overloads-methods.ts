// Method and constructor overloads in classes.
class Point {
  x: number;
  y: number;
  constructor(xy: [number, number]);
  constructor(x: number, y: number);
  constructor(a: any, b?: any) {
    if (Array.isArray(a)) { [this.x, this.y] = a; } else { this.x = a; this.y = b; }
  }
  scale(f: number): Point;
  scale(f: [number, number]): Point;
  scale(f: any): Point {
    const [fx, fy] = typeof f === "number" ? [f, f] : f;
    return new Point(this.x * fx, this.y * fy);
  }
  static of(x: number): Point
  static of(x: number, y: number): Point
  static of(x: number, y?: number) { return new Point(x, y ?? x); }
}
const p = new Point([1, 2]).scale(3).scale([2, 1]);
console.log(p.x, p.y, Point.of(5).y, Object.keys(p).join(","));
export default function () {}
