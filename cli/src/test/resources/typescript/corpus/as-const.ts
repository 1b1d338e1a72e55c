// as const, nested casts and casts in odd places.
const tuple = [1, "two", { three: 3 }] as const;
const obj = { a: [1, 2] } as const;
const doubled = ((tuple[0] as number) * 2) as unknown as string;
let target: any = {};
(target as { x: number }).x = 5;
(target!).y = 6;
const spread = { ...(obj as object), b: 1 };
console.log(tuple.length, obj.a[1], doubled, target.x, target.y, Object.keys(spread).join(","));
const inArray = [obj.a as readonly number[], tuple as unknown];
const angled = <const>["x", 1];
console.log(inArray.length, angled[0], (<const>{ k: "v" }).k);
export default function () {}
