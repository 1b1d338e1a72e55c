// A namespace needs code generated that graft does not write (an expected refusal).
namespace Geometry {
  export const pi = 3.14;
  export function area(r: number) { return pi * r * r; }
}
console.log(Geometry.area(1));
export default function () {}
