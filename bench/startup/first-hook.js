// graft's side of the first-hook benchmark: the first hook a prompt reaches answers "handled",
// so graft ends there, without a turn. Whole process: JVM, CLI, GraalJS, this script, one call.
export default function (graft) {
  graft.on("input", () => ({ action: "handled" }));
}
