// Interfaces and type aliases of every shape are erased whole.
interface A<T> extends B, C<T> { a: T; m(x: number): void; new (x: string): A<T>; (call: number): string; readonly [k: string]: unknown; }
interface B { b?: number }
interface C<T> { c: T }
type Mapped<T> = { readonly [K in keyof T]?: T[K] };
type Cond<T> = T extends string ? "s" : T extends number ? "n" : never;
type Tpl = `prefix-${string}`;
type Inferred<T> = T extends Promise<infer U> ? U : T;
type Fn = (a: number, ...rest: string[]) => void;
type Ctor = abstract new (...args: any[]) => object;
type Tuple = [first: number, second?: string, ...rest: boolean[]];
type Keys = keyof typeof config;
type Access = (typeof config)["a"];
type Unique = { readonly s: unique symbol };
type Neg = -1 | 1n | "x" | true | null | undefined | void;
const config = { a: 1 };
type Imported = import("./lib/shapes.js").Shape;
console.log(JSON.stringify(config));
export default function () {}
