// Type-only exports are erased; value exports stay.
import { exported, Counter } from "./lib/exports.js";
export type Pair = [string, number];
export interface Thing { name: string }
export type { Thing as Renamed };
const v = 1;
export { v, type Pair as P2 };
export type { Shape } from "./lib/shapes.js";
export { type Size, area } from "./lib/shapes.js";
console.log(exported, new Counter().next(), new Counter().next());
export default function () {}
