// satisfies at a line end, the next line a template literal or "(".
type Named = { name: string };
function tag(strings: TemplateStringsArray) { console.log("tag called", strings[0]); return "tagged"; }
const who = { name: "ann" } satisfies Named
`plain template`;
console.log(who.name);
const t = tag satisfies Function
`then a template`;
console.log(typeof t);
export default function () {}
