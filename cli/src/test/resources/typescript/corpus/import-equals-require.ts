// import x = require() is CommonJS: graft scripts are ES modules (an expected refusal).
import fs = require("fs");
console.log(typeof fs);
export default function () {}
