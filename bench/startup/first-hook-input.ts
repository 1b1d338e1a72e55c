// The reference's side of the first-hook benchmark: its first `input` event ends the process.
export default function (pi: any) {
  pi.on("input", async () => {
    process.exit(0);
  });
}
