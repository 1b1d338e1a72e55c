// Type-only imports are erased, value imports stay.
import type { Shape } from "./lib/shapes.js";
import type Def from "./lib/shapes.js";
import type * as All from "./lib/shapes.js";
import { type Size, area, type Unit } from "./lib/shapes.js";
import { unit as defaultUnit } from "./lib/shapes.js";
const s: Shape = { w: 2, h: 3 };
const size: Size = "big";
const u: Unit = defaultUnit;
let d: Def | undefined;
let a: All.Shape | undefined;
console.log(area(s), size, u, d, a);
export default function () {}
