// Decorators: tsc compiles them, graft's engine has none (an expected refusal).
function logged(value: any, context: { kind: string }) {
  console.log("decorating", context.kind);
  return value;
}
@logged
class Service {
  @logged
  run() { return "ran"; }
}
console.log(new Service().run());
export default function () {}
