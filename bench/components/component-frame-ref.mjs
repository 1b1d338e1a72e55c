// The reference's side of bench/component-frame.sh: pi-tui's TUI drawing the bench's component
// (bench/components/component.mjs) on a terminal that discards what it is sent, FRAMES frames after
// WARMUP, the selection moved before each. Prints the median microseconds a frame took.
import * as pitui from "@mariozechner/pi-tui";
import * as coding from "@mariozechner/pi-coding-agent";
import { initTheme, theme } from "./node_modules/@mariozechner/pi-coding-agent/dist/modes/interactive/theme/theme.js";
import { make } from "./component.mjs";

const [frames, warmup] = [Number(process.argv[2] || 2000), Number(process.argv[3] || 500)];
initTheme("dark", false);
const terminal = {
  start() {}, stop() {}, async drainInput() {}, write() {}, get columns() { return 120; }, get rows() { return 40; },
  get kittyProtocolActive() { return false; }, moveBy() {}, hideCursor() {}, showCursor() {}, clearLine() {},
  clearFromCursor() {}, clearScreen() {}, setTitle() {}, setProgress() {},
};
const tui = new pitui.TUI(terminal);
const { component, move } = make(pitui, coding, theme);
tui.addChild(new pitui.Text("a line of the conversation above", 1, 0));
tui.addChild(component);
const times = [];
for (let i = 0; i < warmup + frames; i++) {
  move();
  const t = process.hrtime.bigint();
  tui.doRender();
  if (i >= warmup) times.push(Number(process.hrtime.bigint() - t) / 1000);
}
times.sort((a, b) => a - b);
console.log(times[times.length >> 1].toFixed(1));
