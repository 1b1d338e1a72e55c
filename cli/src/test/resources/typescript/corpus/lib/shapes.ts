export interface Shape { w: number; h: number }
export type Size = "big" | "small";
export type Unit = "px" | "em";
export const unit: Unit = "px";
export function area(s: Shape): number { return s.w * s.h; }
export default interface Default { d: string }
