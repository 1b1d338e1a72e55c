// Strings and comments full of astral characters before and after erased types.
const a: string = "𝄞 music"; const b: number = 𝓁en("𝄞𝄞"); function 𝓁en(s: string): number { return s.length; }
// 🎉🎉🎉 several emoji on one line 🎉🎉🎉
const c = { key: "🔑" } as { key: string }; const d: boolean = c.key === "🔑";
console.log(a, b, c.key, d, `${"🧪" as string}${b satisfies number}`);
export default function () {}
