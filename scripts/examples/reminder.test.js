// Tests of reminder.js, run by `graft scripts test scripts/examples` (see docs/testing.md).
import { test, assert, tests } from "graft/lib/test.js";

const turns = [{ text: "One." }, { text: "Two." }, { text: "Three." }, { text: "Four." }];

/** The text of a message as the model gets it. */
function textOf(m) {
  return typeof m.content === "string" ? m.content : m.content.map((b) => b.text || "").join("");
}

test("the first call and every third one after it carry a clock reminder, kept in the session", async (t) => {
  const s = await t.session({ scripts: ["./reminder.js"], turns });
  for (const p of ["a", "b", "c", "d"]) await s.prompt(p);
  const last = s.requests.map((r) => textOf(r.messages[r.messages.length - 1]));
  assert.match(last[0], /^Reminder: it is now \d{4}-\d\d-\d\dT.*\(UTC\)\.$/);
  assert.deepEqual(last.slice(1, 3), ["b", "c"]);
  assert.match(last[3], /^Reminder: it is now /);
  const kept = s.entries.filter((e) => e.type === "custom_message" && e.customType === "clock");
  assert.equal(kept.length, 2, "each reminder is a custom_message entry");
  assert.equal(kept[0].details.source, "reminder.js");
});

export default tests;
