// Types inside template substitutions and tagged templates with type arguments.
const n = 3 as number;
const s = `n=${n as number}, t=${(n satisfies number) + 1}, nested=${`in ${n!}`}`;
function tag<T>(strings: TemplateStringsArray, ...values: T[]): string { return strings.join("|") + values.length; }
const t = tag<number>`a${1}b${2}c`;
const u = tag`x${"y"}`;
console.log(s, t, u);
type Route = `/${string}`;
const r: Route = `/home`;
console.log(r);
export default function () {}
