// Division and regular expressions next to erased types.
const a = 10 as number / 2;
const b = (a as number) / 5 / 1;
const n: number | undefined = 8;
const c = n! / 4;
const re = /a+b/g as RegExp;
const re2: RegExp = /[/]x/;
const d = a / 5 as number;
console.log(a, b, c, re.source, re2.test("/x"), d);
const text = "a/b/c";
console.log(text.split("/" as string).length, "x".replace(/x/ as RegExp, "y"));
export default function () {}
