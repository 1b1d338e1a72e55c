// Contextual keywords as ordinary names.
const as = 1, satisfies = 2, asserts = 3, is = 4, infer = 5, keyof = 6, unique = 7, out = 8;
const of = 9, get = 10, set = 11, async = 12, from = 13, namespace = 14, module = 15, global = 16;
console.log(as + satisfies + asserts + is + infer + keyof + unique + out);
console.log(of + get + set + async + from + namespace + module + global);
const obj = { as: "a", satisfies: "s", declare: "d", readonly: "r", abstract: "ab" };
console.log(obj.as, obj.satisfies, obj.declare, obj.readonly, obj.abstract);
const x = as as number;
const y = satisfies satisfies number;
console.log(x, y);
function asserts2(asserts: unknown): asserts asserts is number { return; }
asserts2(1);
export default function () {}
