// Default exports with types.
import def, { named } from "./lib/defaults.js";
import Klass from "./lib/default-class.js";
console.log(def<number>(5), named, new Klass<string>("k").value);
export default function main(x?: number): void {}
