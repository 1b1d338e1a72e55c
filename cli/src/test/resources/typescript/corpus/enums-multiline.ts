// An enum over many lines; an error after it still reports its own line.
enum Phase {
  // comments between members
  Start = 1,

  Middle, /* trailing */
  "End" = 10,
  'Quoted Name' = 11,
}
console.log(Phase.Start, Phase.Middle, Phase.End, Phase["Quoted Name"], Phase[11]);
try {
  (null as any).boom;
} catch (e) {
  const line = String((e as Error).stack).match(/enums-multiline\.(?:ts|js):(\d+)/);
  console.log("error line", line ? line[1] : "unknown");
}
export default function () {}
