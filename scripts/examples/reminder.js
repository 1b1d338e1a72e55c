// @ts-check
// Reminds the model of the date and time every few model calls. The reminder goes through
// ctx.reminders, the context handler's narrow host handle: graft adds it to the session (a
// custom_message entry, so later calls and restarts see it) and sends it with this very call, but
// only if every context handler continues; one that fails drops it (docs/hooks.md).
// A message renderer shows it in the terminal as one short line.

const EVERY = 3; // model calls between two reminders
const TYPE = "clock";

/**
 * How many model calls (assistant messages) the context holds since its last clock reminder.
 * @param {import("graft").AgentMessage[]} messages
 */
function callsSinceReminder(messages) {
  let calls = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "custom" && m.customType === TYPE) return calls;
    if (m.role === "assistant") calls++;
  }
  return Infinity; // never reminded (or compacted away): remind now
}

/** @param {import("graft").GraftAPI} graft */
export default function (graft) {
  graft.on("context", (event, ctx) => {
    if (callsSinceReminder(event.messages) >= EVERY) {
      ctx.reminders.append(`Reminder: it is now ${new Date().toISOString()} (UTC).`, { customType: TYPE });
    }
  });

  graft.registerMessageRenderer(TYPE, (message, options) => {
    const content = message.content;
    const text = typeof content === "string" ? content : content.map((b) => (b.type === "text" ? b.text : "")).join("");
    return options.expanded ? `clock reminder sent to the model:\n  ${text}` : `(clock) ${text.replace(/^Reminder: /, "")}`;
  });
}
