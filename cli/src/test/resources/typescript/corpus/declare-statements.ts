// Ambient declarations are erased; code around them runs.
declare const fromHost: number;
declare let mutable: string;
declare var old: boolean;
declare function helper(x: number): string;
declare class Shape { area(): number }
declare module "virtual" { export const v: number; }
declare global { interface Window { custom: string } }
declare namespace Space { const inner: number; }
declare enum Mode { A, B }
declare const enum Flag { X = 1 }
export declare const exported: number;
const real = typeof fromHost === "undefined" ? "no host value" : "host value";
console.log(real);
export default function () {}
