// using declarations: tsc compiles them to helper code; graft's engine has none (an expected refusal).
const dispose: symbol = (Symbol as any).dispose ?? Symbol.for("Symbol.dispose");
function open(name: string) {
  return { name, [dispose]() { console.log("disposed", name); } };
}
function work() {
  using res = open("file");
  console.log("working with", res.name);
}
work();
export default function () {}
