// 😀 non-BMP text before type annotations
const n: number = 5;
const face = "🙂🙃"; const label: string = face + "!";
const mixed = { "𝒳": 1 } as Record<string, number>;
console.log(n, label, mixed["𝒳"], face.length);
function greet(name: string /* 👋 */, times: number = 2): string { return ("hi " + name + " ").repeat(times); }
console.log(greet("🌍"));
export default function () {}
