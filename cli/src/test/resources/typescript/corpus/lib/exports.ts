export type Id = string;
export const exported: Id = "exported value";
export class Counter {
  private n: number = 0;
  next(): number { return ++this.n; }
}
export declare const ambient: number;
export default interface Nothing {}
