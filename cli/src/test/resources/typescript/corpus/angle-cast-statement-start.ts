// A statement that starts with an angle-bracket cast keeps being an expression.
let ran = "";
<any>function () { ran += "function "; }();
<any>{ a: ran += "object " };
const k = <any>class { static { ran += "class"; } };
console.log(ran);
export default function () {}
