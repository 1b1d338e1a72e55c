// 🔒 Reviewed gate: blocks destructive commands. 🚫🧨
type Input = { command?: string };
type Decision = { block: true; reason: string } | undefined;
const patterns: RegExp[] = [/rm -rf/, /mkfs/];
function isDangerous(input: Input): boolean {
  const command: string = input.command!;
  return patterns.some((p: RegExp) => p.test(command));
}
function gate(input: Input): Decision {
  const safe: boolean = !isDangerous(input);
  if (!safe) return { block: true, reason: "🛑 blocked: " + input.command };
  return undefined;
}
console.log(JSON.stringify(gate({ command: "rm -rf /" })));
console.log(JSON.stringify(gate({ command: "ls" }) ?? "allowed"));
export default function () {}
