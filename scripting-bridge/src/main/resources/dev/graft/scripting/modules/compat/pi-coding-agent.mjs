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

/** Where graft keeps its settings, sessions and scripts ($GRAFT_HOME, ~/.graft): the reference's agent directory. */
export function getAgentDir() {
  return globalThis[Symbol.for("graft.compat")].agentDir();
}

/**
 * The app's names, as a rebranded reference has them: graft's. CONFIG_DIR_NAME is a project's
 * folder for graft (.graft); getAgentDir() is the home ($GRAFT_HOME), named by ENV_AGENT_DIR.
 */
export const APP_NAME = "graft";
export const CONFIG_DIR_NAME = ".graft";
export const ENV_AGENT_DIR = "GRAFT_HOME";

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;

/** The length of `s` in UTF-8 bytes (Buffer.byteLength(s, "utf-8")). */
function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/** The end of `s` that fits in `maxBytes` UTF-8 bytes, starting on a whole character. */
function tailBytes(s, maxBytes) {
  if (utf8Length(s) <= maxBytes) return s;
  let bytes = 0;
  let i = s.length;
  while (i > 0) {
    const c = s.charCodeAt(i - 1);
    const pair = (c & 0xfc00) === 0xdc00 && i > 1 && (s.charCodeAt(i - 2) & 0xfc00) === 0xd800;
    const w = pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    if (bytes + w > maxBytes) break;
    bytes += w;
    i -= pair ? 2 : 1;
  }
  return s.slice(i);
}

/** A size in bytes as people read it: 512B, 1.5KB, 2.0MB. */
export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function untruncated(content, totalLines, totalBytes, maxLines, maxBytes) {
  return { content, truncated: false, truncatedBy: null, totalLines, totalBytes, outputLines: totalLines,
    outputBytes: totalBytes, lastLinePartial: false, firstLineExceedsLimit: false, maxLines, maxBytes };
}

/** The first lines of `content` within maxLines (2,000) and maxBytes (50 KB), never a partial line. */
export function truncateHead(content, options = {}) {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = utf8Length(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) return untruncated(content, totalLines, totalBytes, maxLines, maxBytes);
  if (utf8Length(lines[0]) > maxBytes) {
    return { content: "", truncated: true, truncatedBy: "bytes", totalLines, totalBytes, outputLines: 0, outputBytes: 0,
      lastLinePartial: false, firstLineExceedsLimit: true, maxLines, maxBytes };
  }
  const out = [];
  let bytes = 0;
  let truncatedBy = "lines";
  for (let i = 0; i < lines.length && i < maxLines; i++) {
    const lineBytes = utf8Length(lines[i]) + (i > 0 ? 1 : 0);
    if (bytes + lineBytes > maxBytes) {
      truncatedBy = "bytes";
      break;
    }
    out.push(lines[i]);
    bytes += lineBytes;
  }
  if (out.length >= maxLines && bytes <= maxBytes) truncatedBy = "lines";
  const text = out.join("\n");
  return { content: text, truncated: true, truncatedBy, totalLines, totalBytes, outputLines: out.length,
    outputBytes: utf8Length(text), lastLinePartial: false, firstLineExceedsLimit: false, maxLines, maxBytes };
}

/** The last lines of `content` within maxLines and maxBytes; a last line longer than maxBytes is cut from its start. */
export function truncateTail(content, options = {}) {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = utf8Length(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) return untruncated(content, totalLines, totalBytes, maxLines, maxBytes);
  const out = [];
  let bytes = 0;
  let truncatedBy = "lines";
  let lastLinePartial = false;
  for (let i = lines.length - 1; i >= 0 && out.length < maxLines; i--) {
    const lineBytes = utf8Length(lines[i]) + (out.length > 0 ? 1 : 0);
    if (bytes + lineBytes > maxBytes) {
      truncatedBy = "bytes";
      if (out.length === 0) {
        const part = tailBytes(lines[i], maxBytes);
        out.unshift(part);
        bytes = utf8Length(part);
        lastLinePartial = true;
      }
      break;
    }
    out.unshift(lines[i]);
    bytes += lineBytes;
  }
  if (out.length >= maxLines && bytes <= maxBytes) truncatedBy = "lines";
  const text = out.join("\n");
  return { content: text, truncated: true, truncatedBy, totalLines, totalBytes, outputLines: out.length,
    outputBytes: utf8Length(text), lastLinePartial, firstLineExceedsLimit: false, maxLines, maxBytes };
}

/** A line cut at maxChars (500) with "... [truncated]". */
export function truncateLine(line, maxChars = 500) {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}

// ---------------------------------------------------------------- front matter

function yamlScalar(raw, lineNo) {
  const s = raw.trim();
  if (s === "" || s === "~" || s === "null" || s === "Null" || s === "NULL") return null;
  if (s === "true" || s === "True" || s === "TRUE") return true;
  if (s === "false" || s === "False" || s === "FALSE") return false;
  if (s[0] === '"') {
    if (!s.endsWith('"') || s.length < 2) throw new Error(`Missing closing "quote at line ${lineNo}`);
    return JSON.parse(s);
  }
  if (s[0] === "'") {
    if (!s.endsWith("'") || s.length < 2) throw new Error(`Missing closing 'quote at line ${lineNo}`);
    return s.slice(1, -1).replace(/''/g, "'");
  }
  if (s[0] === "[") {
    if (!s.endsWith("]")) throw new Error(`Flow sequence not closed at line ${lineNo}`);
    const inner = s.slice(1, -1).trim();
    return inner === "" ? [] : inner.split(",").map((p) => yamlScalar(p, lineNo));
  }
  if (s[0] === "{") {
    if (!s.endsWith("}")) throw new Error(`Flow mapping not closed at line ${lineNo}`);
    const out = {};
    const inner = s.slice(1, -1).trim();
    if (inner !== "") {
      for (const part of inner.split(",")) {
        const c = part.indexOf(":");
        if (c < 0) throw new Error(`Expected "key: value" at line ${lineNo}`);
        out[part.slice(0, c).trim()] = yamlScalar(part.slice(c + 1), lineNo);
      }
    }
    return out;
  }
  if (/^[-+]?(\d+|\d*\.\d+)([eE][-+]?\d+)?$/.test(s)) return Number(s);
  const comment = s.search(/\s#/);
  return comment >= 0 ? s.slice(0, comment).trim() : s;
}

/** The YAML front matter graft's skills and templates use: maps, lists, scalars, | and > blocks, # comments. */
function parseYaml(text) {
  const lines = text.split("\n");
  let i = 0;
  const indentOf = (l) => l.length - l.trimStart().length;
  const skip = () => {
    while (i < lines.length && (lines[i].trim() === "" || lines[i].trim().startsWith("#"))) i++;
  };
  function block(style, parentIndent) {
    const out = [];
    let indent = -1;
    while (i < lines.length) {
      const l = lines[i];
      if (l.trim() === "") { out.push(""); i++; continue; }
      const d = indentOf(l);
      if (d <= parentIndent) break;
      if (indent < 0) indent = d;
      out.push(l.slice(Math.min(indent, d)));
      i++;
    }
    while (out.length > 0 && out[out.length - 1] === "") out.pop();
    if (style[0] === "|") return out.join("\n") + (style.includes("-") ? "" : "\n");
    return out.join("\n").replace(/([^\n])\n(?=[^\n])/g, "$1 ") + (style.includes("-") ? "" : "\n");
  }
  function value(rest, indent) {
    const r = rest.trim();
    if (r === "|" || r === ">" || /^[|>][-+]?$/.test(r)) return block(r, indent);
    if (r !== "") return yamlScalar(r, i);
    skip();
    if (i >= lines.length || indentOf(lines[i]) <= indent && !lines[i].trimStart().startsWith("- ")) return null;
    return node(indentOf(lines[i]));
  }
  function node(indent) {
    skip();
    if (i < lines.length && lines[i].trimStart().startsWith("-") && /^-(\s|$)/.test(lines[i].trimStart())) {
      const list = [];
      while (i < lines.length) {
        skip();
        if (i >= lines.length || indentOf(lines[i]) !== indent || !/^-(\s|$)/.test(lines[i].trimStart())) break;
        const item = lines[i].trimStart().slice(1);
        i++;
        list.push(item.trim() === "" ? value("", indent) : yamlScalar(item, i));
      }
      return list;
    }
    const map = {};
    while (i < lines.length) {
      skip();
      if (i >= lines.length) break;
      const l = lines[i];
      const d = indentOf(l);
      if (d < indent) break;
      if (d > indent) throw new Error(`Bad indentation of a mapping entry at line ${i + 1}`);
      const m = /^\s*("[^"]*"|'[^']*'|[^:#][^:]*?)\s*:(\s|$)(.*)$/.exec(l);
      if (!m) throw new Error(`Expected "key: value" at line ${i + 1}`);
      const key = m[1].startsWith('"') || m[1].startsWith("'") ? m[1].slice(1, -1) : m[1];
      if (Object.prototype.hasOwnProperty.call(map, key)) throw new Error(`Map keys must be unique at line ${i + 1}`);
      i++;
      map[key] = value(m[3], d);
    }
    return map;
  }
  skip();
  if (i >= lines.length) return null;
  return node(indentOf(lines[i]));
}

/**
 * A markdown file's YAML front matter and body, split as the reference splits them: `{frontmatter,
 * body}`; no front matter gives `{}` and the whole text.
 */
export function parseFrontmatter(content) {
  const text = String(content).replace(/\r\n/g, "\n").replace(/\r/g, "\n");
  if (!text.startsWith("---")) return { frontmatter: {}, body: text };
  const end = text.indexOf("\n---", 3);
  if (end === -1) return { frontmatter: {}, body: text };
  const yaml = text.slice(4, end);
  const body = text.slice(end + 4).trim();
  if (!yaml) return { frontmatter: {}, body };
  return { frontmatter: parseYaml(yaml) ?? {}, body };
}

/** The body of a markdown file without its front matter. */
export function stripFrontmatter(content) {
  return parseFrontmatter(content).body;
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

// ---------------------------------------------------------------- built-in tools

// createReadTool(cwd) and its kin: the built-in tool's name, description and parameters, and an
// execute that runs graft's own tool. It runs only inside the model's call of the script's own
// tool of that name, given that call's toolCallId (docs/security.md); anywhere else it fails.

let builtinDefinitions;

function builtinDefinition(name) {
  if (builtinDefinitions === undefined) builtinDefinitions = compat().builtinToolDefinitions();
  return builtinDefinitions[name];
}

function unsupported(fn, options, names) {
  if (options === undefined || options === null) return;
  if (typeof options !== "object") throw new TypeError(`${fn}: the options must be an object`);
  for (const name of names) {
    if (options[name] !== undefined) {
      throw new Error(`${fn}: options.${name} is not supported by graft (its built-in tool runs on this machine only)`);
    }
  }
}

function checkedCwd(fn, cwd) {
  if (typeof cwd !== "string" || cwd === "") throw new TypeError(`${fn}: the cwd must be a directory path (a string)`);
  return cwd;
}

/** The built-in's answer {content, details?, isError} as the reference's tool gives it: a result, or a throw. */
function settled(answer) {
  if (answer.isError) {
    const text = (answer.content || []).filter((b) => b.type === "text").map((b) => b.text).join("\n");
    throw new Error(text);
  }
  const out = { content: answer.content };
  if (answer.details !== undefined && answer.details !== null) out.details = answer.details;
  return out;
}

function builtinTool(name, cwd, run) {
  const def = builtinDefinition(name);
  return {
    name,
    label: name,
    description: def.description,
    parameters: def.parameters,
    async execute(toolCallId, params, signal, _onUpdate) {
      const request = run === undefined ? { params, cwd } : run(params);
      return settled(await compat().runBuiltinTool(name, toolCallId, request, signal));
    },
  };
}

function envView() {
  const env = globalThis.process && globalThis.process.env;
  const out = {};
  if (env) for (const k of Object.keys(env)) out[k] = env[k];
  return out;
}

/** The bash tool; options {spawnHook, commandPrefix} as in the reference (not operations or shellPath). */
export function createBashTool(cwd, options) {
  const fn = "createBashTool";
  checkedCwd(fn, cwd);
  unsupported(fn, options, ["operations", "shellPath"]);
  const spawnHook = options?.spawnHook;
  const commandPrefix = options?.commandPrefix;
  if (spawnHook !== undefined && typeof spawnHook !== "function") throw new TypeError(`${fn}: options.spawnHook must be a function`);
  if (commandPrefix !== undefined && typeof commandPrefix !== "string") throw new TypeError(`${fn}: options.commandPrefix must be a string`);
  return builtinTool("bash", cwd, (params) => {
    const given = params !== null && typeof params === "object" ? params : {};
    const command = commandPrefix ? `${commandPrefix}\n${given.command}` : given.command;
    if (spawnHook === undefined) return { params: { ...given, command }, cwd };
    const view = envView();
    const hooked = spawnHook({ command, cwd, env: { ...view } });
    if (hooked === null || typeof hooked !== "object") throw new TypeError(`${fn}: spawnHook must return {command, cwd, env}`);
    if (typeof hooked.command !== "string") throw new TypeError(`${fn}: spawnHook must return a command string`);
    if (typeof hooked.cwd !== "string") throw new TypeError(`${fn}: spawnHook must return a cwd string`);
    // Only what the hook added or changed goes to the built-in; it keeps the rest of the real environment.
    const env = {};
    const hookedEnv = hooked.env !== null && typeof hooked.env === "object" ? hooked.env : {};
    for (const k of Object.keys(hookedEnv)) {
      const v = hookedEnv[k];
      if (v === undefined || v === null) continue;
      if (!Object.prototype.hasOwnProperty.call(view, k) || view[k] !== String(v)) env[k] = String(v);
    }
    return { params: { ...given, command: hooked.command }, cwd: hooked.cwd, env };
  });
}

/** A built-in tool's factory, as the reference's: options.operations is not supported. */
function builtinToolFactory(name, factory) {
  return function (cwd, options) {
    checkedCwd(factory, cwd);
    unsupported(factory, options, ["operations"]);
    return builtinTool(name, cwd);
  };
}

/** The read tool (images are always resized to fit). */
export const createReadTool = builtinToolFactory("read", "createReadTool");
export const createEditTool = builtinToolFactory("edit", "createEditTool");
export const createWriteTool = builtinToolFactory("write", "createWriteTool");
export const createGrepTool = builtinToolFactory("grep", "createGrepTool");
export const createFindTool = builtinToolFactory("find", "createFindTool");
export const createLsTool = builtinToolFactory("ls", "createLsTool");

export {
  createBashTool as createBashToolDefinition,
  createReadTool as createReadToolDefinition,
  createEditTool as createEditToolDefinition,
  createWriteTool as createWriteToolDefinition,
  createGrepTool as createGrepToolDefinition,
  createFindTool as createFindToolDefinition,
  createLsTool as createLsToolDefinition,
};

// ---------------------------------------------------------------- CustomEditor (ctx.ui.setEditorComponent)

import { Editor as TuiEditor } from "@mariozechner/pi-tui";

/**
 * The editor a script's own editor extends (ctx.ui.setEditorComponent): pi-tui's Editor that hands
 * the app's keys to graft first. Escape (app.interrupt) calls onEscape, Ctrl+D on an empty editor
 * onCtrlD; the keys of the other app actions (Ctrl+C, Ctrl+O, Alt+Enter...) call their handler in
 * actionHandlers. graft fills these in when it shows the editor; the rest is edited as pi-tui's.
 */
export class CustomEditor extends TuiEditor {
  constructor(tui, theme, keybindings, options) {
    super(tui, theme, options);
    this.keybindings = keybindings && typeof keybindings.matches === "function" ? keybindings : compat().keybindings();
    this.actionHandlers = new Map();
    this.onEscape = undefined;
    this.onCtrlD = undefined;
    this.onPasteImage = undefined;
    this.onExtensionShortcut = undefined;
  }

  /** Runs `handler` for the app action `action` ("app.clear", "app.tools.expand"...). */
  onAction(action, handler) {
    this.actionHandlers.set(action, handler);
  }

  handleInput(data) {
    if (this.onExtensionShortcut && this.onExtensionShortcut(data)) return;
    const kb = this.keybindings;
    if (kb.matches(data, "app.clipboard.pasteImage")) {
      if (this.onPasteImage) this.onPasteImage();
      return;
    }
    if (kb.matches(data, "app.interrupt")) {
      const handler = this.onEscape || this.actionHandlers.get("app.interrupt");
      if (handler) {
        handler();
        return;
      }
      super.handleInput(data);
      return;
    }
    if (kb.matches(data, "app.exit") && this.getText().length === 0) {
      const handler = this.onCtrlD || this.actionHandlers.get("app.exit");
      if (handler) handler();
      return;
    }
    for (const [action, handler] of this.actionHandlers) {
      if (action !== "app.interrupt" && action !== "app.exit" && kb.matches(data, action)) {
        handler();
        return;
      }
    }
    super.handleInput(data);
  }
}
