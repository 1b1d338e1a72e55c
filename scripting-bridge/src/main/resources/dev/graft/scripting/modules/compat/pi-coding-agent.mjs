// graft's stand-in for "@mariozechner/pi-coding-agent": the value helpers an extension uses
// besides the API object it is given.

export { Type } from "typebox";
export { StringEnum } from "@mariozechner/pi-ai";

/** A tool definition, as given (the reference's defineTool only helps its types). */
export function defineTool(tool) {
  return tool;
}

/** Whether a tool_call event is for the tool named `toolName`. */
export function isToolCallEventType(toolName, event) {
  return event !== null && typeof event === "object" && event.toolName === toolName;
}

const queues = new Map();

/**
 * Runs `fn` after every earlier call for the same `path` has finished, so that changes to one
 * file from concurrent tool calls do not interleave.
 */
export function withFileMutationQueue(path, fn) {
  const before = queues.get(path) || Promise.resolve();
  const run = before.then(() => fn(), () => fn());
  const settled = run.then(() => undefined, () => undefined);
  queues.set(path, settled);
  settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return run;
}

function textOf(content) {
  if (typeof content === "string") return content;
  return (content || []).filter((b) => b && b.type === "text").map((b) => b.text).join("");
}

/**
 * The session's messages as the model sees them: user, assistant and tool results as they are;
 * custom messages, summaries and shell runs as user text.
 */
export function convertToLlm(messages) {
  const out = [];
  for (const m of messages || []) {
    if (!m || typeof m !== "object") continue;
    switch (m.role) {
      case "user":
      case "assistant":
      case "toolResult":
        out.push(m);
        break;
      case "custom":
        out.push({ role: "user", content: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content,
          timestamp: m.timestamp });
        break;
      case "branchSummary":
      case "compactionSummary":
        out.push({ role: "user", content: [{ type: "text", text: "Summary of earlier work:\n" + m.summary }],
          timestamp: m.timestamp });
        break;
      case "bashExecution":
        if (!m.excludeFromContext) {
          out.push({ role: "user", content: [{ type: "text", text: "Ran `" + m.command + "`\n" + (m.output || "") }],
            timestamp: m.timestamp });
        }
        break;
      default:
        break;
    }
  }
  return out;
}

/** Messages as one text (for a summary prompt): each as "[Role]: text", tool results cut at 2,000 characters. */
export function serializeConversation(messages) {
  const parts = [];
  for (const m of messages || []) {
    if (m.role === "user") {
      const text = textOf(m.content);
      if (text) parts.push("[User]: " + text);
    } else if (m.role === "assistant") {
      const blocks = m.content || [];
      const thinking = blocks.filter((b) => b.type === "thinking").map((b) => b.thinking);
      const text = blocks.filter((b) => b.type === "text").map((b) => b.text);
      const calls = blocks.filter((b) => b.type === "toolCall").map((b) => b.name + "("
        + Object.keys(b.arguments || {}).map((k) => k + "=" + JSON.stringify(b.arguments[k])).join(", ") + ")");
      if (thinking.length) parts.push("[Assistant thinking]: " + thinking.join("\n"));
      if (text.length) parts.push("[Assistant]: " + text.join("\n"));
      if (calls.length) parts.push("[Assistant tool calls]: " + calls.join("; "));
    } else if (m.role === "toolResult") {
      let text = textOf(m.content);
      if (text.length > 2000) text = text.slice(0, 2000) + "\n[" + (text.length - 2000) + " more characters]";
      if (text) parts.push("[Tool result]: " + text);
    }
  }
  return parts.join("\n\n");
}

// ---------------------------------------------------------------- components (drawn by graft)

import { CancellableLoader, Container, Loader, Spacer, Text } from "@mariozechner/pi-tui";

const compat = () => globalThis[Symbol.for("graft.compat")];

/** A line across the whole width, in `color` (default: the theme's border colour). */
export class DynamicBorder {
  constructor(color = (s) => compat().theme.fg("border", s)) {
    this.color = color;
  }

  invalidate() {}

  render(width) {
    return [this.color("─".repeat(Math.max(1, width)))];
  }
}

function formatKeys(keys) {
  return keys.length === 0 ? "" : keys.join("/");
}

/** The keys bound to a key binding id ("tui.select.cancel" → "escape/ctrl+c"). */
export function keyText(keybinding) {
  return formatKeys(compat().keybindings().getKeys(keybinding));
}

/** A hint for a key binding: its keys dimmed, then the description. */
export function keyHint(keybinding, description) {
  const theme = compat().theme;
  return theme.fg("dim", keyText(keybinding)) + theme.fg("muted", " " + description);
}

/** A hint for a key given by name. */
export function rawKeyHint(key, description) {
  const theme = compat().theme;
  return theme.fg("dim", key) + theme.fg("muted", " " + description);
}

/** A spinner with a message between two borders; Esc cancels it (unless {cancellable: false}). */
export class BorderedLoader extends Container {
  constructor(tui, theme, message, options) {
    super();
    this.cancellable = options?.cancellable ?? true;
    const border = (s) => theme.fg("border", s);
    this.addChild(new DynamicBorder(border));
    const spinner = (s) => theme.fg("accent", s);
    const muted = (s) => theme.fg("muted", s);
    this.loader = this.cancellable ? new CancellableLoader(tui, spinner, muted, message) : new Loader(tui, spinner, muted, message);
    this.controller = this.cancellable ? undefined : new AbortController();
    this.addChild(this.loader);
    if (this.cancellable) {
      this.addChild(new Spacer(1));
      this.addChild(new Text(keyHint("tui.select.cancel", "cancel"), 1, 0));
    }
    this.addChild(new Spacer(1));
    this.addChild(new DynamicBorder(border));
  }

  get signal() {
    return this.cancellable ? this.loader.signal : this.controller.signal;
  }

  set onAbort(fn) {
    if (this.cancellable) this.loader.onAbort = fn;
  }

  handleInput(data) {
    if (this.cancellable) this.loader.handleInput(data);
  }

  dispose() {
    if (typeof this.loader.dispose === "function") this.loader.dispose();
    else this.loader.stop();
  }
}

/** The Markdown component's theme in graft's colours (graft draws markdown in its theme anyway). */
export function getMarkdownTheme() {
  const theme = compat().theme;
  const fg = (role) => (text) => theme.fg(role, text);
  return {
    heading: fg("mdHeading"), link: fg("mdLink"), linkUrl: fg("mdLinkUrl"), code: fg("mdCode"),
    codeBlock: fg("mdCodeBlock"), codeBlockBorder: fg("mdCodeBlockBorder"), quote: fg("mdQuote"),
    quoteBorder: fg("mdQuoteBorder"), hr: fg("mdHr"), listBullet: fg("mdListBullet"),
    bold: (t) => theme.bold(t), italic: (t) => theme.italic(t), underline: (t) => theme.underline(t),
    strikethrough: (t) => theme.strikethrough(t),
  };
}

/** SelectList's theme in graft's colours. */
export function getSelectListTheme() {
  const theme = compat().theme;
  return {
    selectedPrefix: (t) => theme.fg("accent", t),
    selectedText: (t) => theme.fg("accent", t),
    description: (t) => theme.fg("muted", t),
    scrollInfo: (t) => theme.fg("muted", t),
    noMatch: (t) => theme.fg("muted", t),
  };
}

/** Editor's theme in graft's colours. */
export function getEditorTheme() {
  const theme = compat().theme;
  return { borderColor: (t) => theme.fg("borderMuted", t), selectList: getSelectListTheme() };
}

/** SettingsList's theme in graft's colours. */
export function getSettingsListTheme() {
  const theme = compat().theme;
  return {
    label: (t, selected) => (selected ? theme.fg("accent", t) : t),
    value: (t, selected) => (selected ? theme.fg("accent", t) : theme.fg("muted", t)),
    description: (t) => theme.fg("dim", t),
    cursor: theme.fg("accent", "→ "),
    hint: (t) => theme.fg("dim", t),
  };
}
