// Instantiation expressions: f<T> without a call.
function box<T>(value: T) { return { value }; }
const boxNumber = box<number>;
const boxString = box<string>;
console.log(boxNumber(1).value, boxString("s").value, boxNumber === box);
const ErrorMap = Map<string, Error>;
const em = new ErrorMap();
console.log(em.size, ErrorMap === Map);
export default function () {}
