// An ambient namespace or module declaration is erased.
declare namespace Api {
  interface Req { url: string }
  function call(r: Req): void;
}
declare module Legacy { const x: number }
namespace Types { export type T = string; export interface I {} }
const r: Api.Req = { url: "/x" };
const t: Types.T = "only types inside";
console.log(r.url, t);
export default function () {}
