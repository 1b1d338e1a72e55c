// Astral-plane letters are identifiers in JavaScript; types after them are erased exactly.
const 𝑥: number = 2, 𝑦: number = 3;
function 𝒇(𝑎: number, 𝑏?: number): number { return 𝑎 * (𝑏 ?? 1); }
const café: string = "crème";
const \u0061bc: number = 4;
console.log(𝒇(𝑥, 𝑦), café, abc, "😀" as string);
export default function () {}
