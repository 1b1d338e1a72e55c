// The reference's earliest extension call: `session_start`, before any prompt is handled.
export default function (pi: any) {
  pi.on("session_start", async () => {
    process.exit(0);
  });
}
