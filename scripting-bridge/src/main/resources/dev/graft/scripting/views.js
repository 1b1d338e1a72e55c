// graft's side of the components a script draws (ctx.ui.custom, widgets, a footer or header, the
// components message and tool renderers return), evaluated in the script's context (as an
// internal source) when first needed. A component stays here, in the script's context; graft
// holds only its id and asks for its lines through `render`, which answers them as one string
// (the lines joined by "\n"), checked and cut to size: nothing but strings crosses. The theme
// components are given is made from graft's palette (escape sequences by role, as JSON).
//
// Contents: the theme; the key bindings a component may ask about; the views (ids, open, close);
// what graft calls (render, input, invalidate, close, paletteChanged, setText); what the prelude
// calls (custom, setWidget, setFooter, setHeader, setEditor, getEditor, renderMessage, renderTool).
//
// Host protocol (ScriptViews.java): host(op, a, b) with op "palette" (answers JSON), "markdown"
// (text, width: answers the lines as JSON), "size" (answers [columns, rows]), "changed" (id: it
// asked for a frame), "closed" (id: it ended from the script's side, its done() or a
// replacement), "editor" (id, what, text: a script's editor submitted, changed, or asked for an app
// action such as "app.clear"); answers as HostReply writes them ("V" + JSON, "E" + message) or
// undefined.
(function (host) {
  "use strict";
  const JSONparse = JSON.parse;
  const JSONstringify = JSON.stringify;
  const freeze = Object.freeze;
  const isArray = Array.isArray;
  const MapC = Map;
  const PromiseC = Promise;
  const ErrorC = Error;
  const TypeErrorC = TypeError;
  const StringC = String;
  const apply = Reflect.apply;
  const promiseThen = Promise.prototype.then;
  const promiseResolve = Promise.resolve;

  /** The most lines one render may give, and characters in all and in one line (more is cut). */
  const MAX_LINES = 2000;
  const MAX_CHARS = 1000000;
  const MAX_LINE_BASE = 4096;

  function unwrap(reply) {
    if (reply === undefined || reply === null) return undefined;
    if (reply[0] === "V") return JSONparse(reply.slice(1));
    throw new ErrorC(reply.slice(1));
  }

  function describe(v) {
    if (v === null) return "null";
    if (isArray(v)) return "an array";
    switch (typeof v) {
      case "undefined": return "undefined";
      case "string": return "a string";
      case "number": return "the number " + v;
      case "boolean": return StringC(v);
      case "function": return "a function";
      default: return "an object";
    }
  }

  // ---------------------------------------------------------------- the theme

  // graft's palette: {name, mode, fg: {role: escape}, bg: {role: escape}}; read when first used,
  // again after graft's theme changed (paletteChanged).
  let palette = null;
  function colors() {
    if (palette === null) palette = unwrap(host("palette"));
    return palette;
  }

  /**
   * `text` between `open` and `close`; where `text` closes the same attribute inside, it is opened
   * again after, so that styles nest (as graft's own Theme does).
   */
  function wrap(open, close, text) {
    const t = StringC(text);
    if (open === "" || t === "") return t;
    return open + (t.indexOf(close) >= 0 ? t.split(close).join(close + open) : t) + close;
  }

  function roleOf(map, role, kind) {
    const seq = map[role];
    if (typeof seq !== "string") {
      throw new TypeErrorC("Unknown theme " + kind + ": " + StringC(role) + " (the roles are "
        + Object.keys(map).join(", ") + ")");
    }
    return seq;
  }

  function attribute(open, close) {
    return function (text) { return colors().mode === "none" ? StringC(text) : wrap(open, close, text); };
  }

  /** The reference's Theme, in graft's colours. */
  const theme = freeze({
    get name() { return colors().name; },
    fg(role, text) { return wrap(roleOf(colors().fg, role, "color"), "\x1b[39m", text); },
    bg(role, text) { return wrap(roleOf(colors().bg, role, "background color"), "\x1b[49m", text); },
    bold: attribute("\x1b[1m", "\x1b[22m"),
    dim: attribute("\x1b[2m", "\x1b[22m"),
    italic: attribute("\x1b[3m", "\x1b[23m"),
    underline: attribute("\x1b[4m", "\x1b[24m"),
    inverse: attribute("\x1b[7m", "\x1b[27m"),
    strikethrough: attribute("\x1b[9m", "\x1b[29m"),
    getFgAnsi(role) { return roleOf(colors().fg, role, "color"); },
    getBgAnsi(role) { return roleOf(colors().bg, role, "background color"); },
    getColorMode() { return colors().mode === "truecolor" ? "truecolor" : "256color"; },
    getThinkingBorderColor(level) {
      const role = "thinking" + StringC(level).charAt(0).toUpperCase() + StringC(level).slice(1);
      return function (text) { return theme.fg(colors().fg[role] === undefined ? "border" : role, text); };
    },
    getBashModeBorderColor() { return function (text) { return theme.fg("bashMode", text); }; },
  });

  // ---------------------------------------------------------------- key bindings

  // The reference's key binding ids a component may ask about, with graft's default keys.
  const BINDINGS = {
    "tui.select.up": ["up"],
    "tui.select.down": ["down"],
    "tui.select.pageUp": ["pageUp"],
    "tui.select.pageDown": ["pageDown"],
    "tui.select.confirm": ["enter"],
    "tui.select.cancel": ["escape", "ctrl+c"],
    "tui.input.submit": ["enter"],
    "tui.input.newLine": ["shift+enter"],
    "tui.input.tab": ["tab"],
    "tui.editor.cursorLeft": ["left", "ctrl+b"],
    "tui.editor.cursorRight": ["right", "ctrl+f"],
    "tui.editor.cursorUp": ["up"],
    "tui.editor.cursorDown": ["down"],
    "tui.editor.cursorWordLeft": ["alt+left", "ctrl+left", "alt+b"],
    "tui.editor.cursorWordRight": ["alt+right", "ctrl+right", "alt+f"],
    "tui.editor.cursorLineStart": ["home", "ctrl+a"],
    "tui.editor.cursorLineEnd": ["end", "ctrl+e"],
    "tui.editor.deleteCharBackward": ["backspace"],
    "tui.editor.deleteCharForward": ["delete", "ctrl+d"],
    "tui.editor.deleteWordBackward": ["ctrl+w", "alt+backspace"],
    "tui.editor.deleteWordForward": ["alt+d", "alt+delete"],
    "tui.editor.deleteToLineStart": ["ctrl+u"],
    "tui.editor.deleteToLineEnd": ["ctrl+k"],
    "tui.editor.yank": ["ctrl+y"],
    "tui.editor.yankPop": ["alt+y"],
    "tui.editor.undo": ["ctrl+-"],
    "app.interrupt": ["escape"],
    "app.clear": ["ctrl+c"],
    "app.exit": ["ctrl+d"],
    "app.tools.expand": ["ctrl+o"],
    "app.thinking.cycle": ["shift+tab"],
    "app.model.cycleForward": ["ctrl+p"],
    "app.model.cycleBackward": ["ctrl+shift+p"],
    "app.model.select": ["ctrl+l"],
    "app.thinking.toggle": ["ctrl+t"],
    "app.message.followUp": ["alt+enter"],
    "app.message.dequeue": ["alt+up"],
  };

  // The app actions a script's editor (CustomEditor) hands graft, besides app.interrupt and app.exit.
  const EDITOR_ACTIONS = ["app.clear", "app.thinking.cycle", "app.model.cycleForward", "app.model.cycleBackward",
    "app.model.select", "app.tools.expand", "app.thinking.toggle", "app.message.followUp", "app.message.dequeue"];


  // ---------------------------------------------------------------- keys

  // What graft hands a component's handleInput is the key as a terminal sends it (KeyData.java
  // writes it): a character, a control character (Ctrl+letter), Esc before a key for Alt, CSI
  // sequences with xterm's modifier parameter, kitty's CSI u for keys legacy input cannot tell
  // apart (Shift+Enter), a bracketed paste. parseKey names such input as the reference's key ids
  // do ("ctrl+c", "shift+tab", "alt+up", "escape"); matchesKey compares with an id.

  const CSI_LETTER = { A: "up", B: "down", C: "right", D: "left", H: "home", F: "end", P: "f1", Q: "f2", R: "f3", S: "f4" };
  const CSI_TILDE = { 1: "home", 2: "insert", 3: "delete", 4: "end", 5: "pageUp", 6: "pageDown", 7: "home", 8: "end",
    15: "f5", 17: "f6", 18: "f7", 19: "f8", 20: "f9", 21: "f10", 23: "f11", 24: "f12" };
  const CODE_NAMES = { 9: "tab", 13: "enter", 27: "escape", 32: "space", 127: "backspace", 8: "backspace" };
  const ALIASES = { esc: "escape", return: "enter", pageup: "pageUp", pagedown: "pageDown", del: "delete" };

  function withModifiers(bits, name) {
    let id = "";
    if (bits & 4) id += "ctrl+";
    if (bits & 2) id += "alt+";
    if (bits & 1) id += "shift+";
    if (bits & 8) id += "super+";
    return id + name;
  }

  function codeName(code) {
    if (CODE_NAMES[code] !== undefined) return CODE_NAMES[code];
    const ch = StringC.fromCodePoint(code);
    return ch.toLowerCase();
  }

  /** The key id of one key's input, or undefined when it is not one key. */
  function parseKey(data) {
    if (typeof data !== "string" || data.length === 0) return undefined;
    if (data === "\x1b") return "escape";
    if (data === "\r" || data === "\n") return "enter";
    if (data === "\t") return "tab";
    if (data === "\x7f" || data === "\b") return "backspace";
    if (data === " ") return "space";
    if (data === "\x00") return "ctrl+space";
    const c0 = data.charCodeAt(0);
    if (data.length === 1 && c0 < 0x20) {
      if (c0 >= 1 && c0 <= 26) return "ctrl+" + StringC.fromCharCode(c0 + 96);
      return "ctrl+" + "[\\]^_"[c0 - 27];
    }
    if (data[0] === "\x1b") {
      if (data.length === 2 && data !== "\x1b[" && data !== "\x1bO") {
        const inner = parseKey(data.slice(1));
        return inner === undefined || inner.indexOf("alt+") >= 0 ? undefined : addModifier(inner, "alt");
      }
      let m = /^\x1b\[(\d+)(?:;(\d+))?(?::\d+)?([ABCDHFPQRS])$/.exec(data) || /^\x1b\[()()([ABCDHFPQRS])$/.exec(data);
      if (m) return withModifiers(bits(m[2]), CSI_LETTER[m[3]]);
      m = /^\x1bO([ABCDHFPQRS])$/.exec(data);
      if (m) return CSI_LETTER[m[1]];
      if (data === "\x1b[Z") return "shift+tab";
      m = /^\x1b\[(\d+)(?:;(\d+))?(?::\d+)?~$/.exec(data);
      if (m) {
        if (m[1] === "27") return undefined;
        const name = CSI_TILDE[m[1]];
        return name === undefined ? undefined : withModifiers(bits(m[2]), name);
      }
      m = /^\x1b\[27;(\d+);(\d+)~$/.exec(data) || /^\x1b\[(\d+)(?::\d+)*(?:;(\d+)(?::\d+)?)?u$/.exec(data);
      if (m) {
        const code = data.indexOf("[27;") === 1 ? +m[2] : +m[1];
        const mods = data.indexOf("[27;") === 1 ? bits(m[1]) : bits(m[2]);
        return withModifiers(mods, codeName(code));
      }
      return undefined;
    }
    const cp = data.codePointAt(0);
    if (StringC.fromCodePoint(cp).length === data.length) return data;
    return undefined;
  }

  /** xterm's modifier parameter (1 + shift 1, alt 2, ctrl 4, super 8) as bits. */
  function bits(param) {
    const n = param === undefined || param === "" ? 1 : +param;
    return n >= 2 ? n - 1 : 0;
  }

  function addModifier(id, modifier) {
    return normalize(modifier + "+" + id);
  }

  /** A key id with its modifiers in graft's order (ctrl, alt, shift, super) and names as parseKey gives them. */
  function normalize(id) {
    const parts = StringC(id).split("+");
    let base = parts.pop();
    if (base === "" && parts.length > 0) {
      parts.pop();
      base = "+";
    }
    let mods = 0;
    for (let i = 0; i < parts.length; i++) {
      switch (parts[i].toLowerCase()) {
        case "shift": mods |= 1; break;
        case "alt": case "meta": case "option": mods |= 2; break;
        case "ctrl": case "control": mods |= 4; break;
        case "super": case "cmd": mods |= 8; break;
        default: return undefined;
      }
    }
    const lower = base.toLowerCase();
    let name = ALIASES[lower] !== undefined ? ALIASES[lower] : base.length > 1 ? lower : base;
    if (name === "pageup") name = "pageUp";
    if (name === "pagedown") name = "pageDown";
    if (name.length === 1 && mods !== 0) name = name.toLowerCase();
    if (name === " ") name = "space";
    return withModifiers(mods, name);
  }

  /** Whether `data` (a key's input) is the key `keyId` ("ctrl+c", "shift+tab", "escape", "a"). */
  function matchesKey(data, keyId) {
    const parsed = parseKey(data);
    if (parsed === undefined || typeof keyId !== "string") return false;
    const want = normalize(keyId);
    if (want === undefined) return false;
    if (parsed === want) return true;
    // An upper-case letter is Shift and the letter.
    if (parsed.length === 1 && parsed !== parsed.toLowerCase()) return want === "shift+" + parsed.toLowerCase();
    return false;
  }

  // ---------------------------------------------------------------- the views

  // id -> {id, kind, component, closed, settle (custom's promise), asked (a frame was asked for since the last render)}
  const views = new MapC();
  let nextId = 1;
  // The views a script set by key: widgets by key, "footer", "header".
  const slots = new MapC();

  function size() {
    return unwrap(host("size"));
  }

  function tuiFor(entry) {
    return freeze({
      requestRender() {
        if (!entry.closed && !entry.asked) {
          entry.asked = true;
          host("changed", entry.id);
        }
      },
      get terminal() {
        const s = size();
        return freeze({ columns: s[0], rows: s[1] });
      },
      get width() { return size()[0]; },
      get height() { return size()[1]; },
      setFocus() {},
      invalidate() { if (!entry.closed && entry.component !== null) callOptional(entry.component, "invalidate"); },
    });
  }

  function callOptional(component, name, a) {
    const fn = component[name];
    if (typeof fn === "function") return apply(fn, component, a === undefined ? [] : [a]);
    return undefined;
  }

  function checkComponent(c, what) {
    if (c === null || typeof c !== "object" || typeof c.render !== "function") {
      throw new TypeErrorC(what + " must be a component (an object with render(width)), not " + describe(c));
    }
    return c;
  }

  function newEntry(kind) {
    const entry = { id: nextId++, kind, component: null, closed: false, settle: null, asked: false };
    views.set(entry.id, entry);
    return entry;
  }

  /** Ends `entry`: tells graft (unless graft ended it), settles custom's promise, disposes the component. */
  function end(entry, result, tellGraft) {
    if (entry.closed) return;
    entry.closed = true;
    views.delete(entry.id);
    if (tellGraft) host("closed", entry.id);
    if (entry.settle !== null) entry.settle(result);
    if (entry.component !== null) {
      try {
        callOptional(entry.component, "dispose");
      } catch (e) {
        // as the reference: a dispose that throws is ignored
      }
    }
  }

  /** The view in a slot (a widget's key, "footer", "header") is replaced or removed. */
  function vacate(slot) {
    const id = slots.get(slot);
    if (id === undefined) return;
    slots.delete(slot);
    const entry = views.get(id);
    if (entry !== undefined) end(entry, undefined, true);
  }

  // ---------------------------------------------------------------- what graft calls

  /**
   * The lines of view `id` at `width`, as one string (joined by "\n"), or null for a view that is
   * gone. A line that is not a string, or a render that does not give an array, throws a TypeError
   * naming what was wrong; too many lines or characters are cut, and the count of lines left out
   * follows a last "\n\0".
   */
  function render(id, width) {
    const entry = views.get(id);
    if (entry === undefined || entry.component === null) return null;
    entry.asked = false;
    const lines = entry.component.render(width);
    if (!isArray(lines)) {
      throw new TypeErrorC("render(" + width + ") returned " + describe(lines) + ", not an array of strings");
    }
    const maxLine = MAX_LINE_BASE + 32 * width;
    let out = "";
    let n = 0;
    const count = lines.length;
    for (; n < count && n < MAX_LINES && out.length < MAX_CHARS; n++) {
      let line = lines[n];
      if (typeof line !== "string") {
        throw new TypeErrorC("render(" + width + ") returned " + describe(line) + " as line " + (n + 1)
          + ", not a string");
      }
      if (line.length > maxLine) line = line.slice(0, maxLine);
      if (line.indexOf("\n") >= 0) line = line.split("\n").join(" ");
      out += n === 0 ? line : "\n" + line;
    }
    if (n < count) out += "\n\0" + (count - n);
    return out;
  }

  function input(id, data) {
    const entry = views.get(id);
    if (entry !== undefined && entry.component !== null) callOptional(entry.component, "handleInput", data);
  }

  function invalidate(id) {
    const entry = views.get(id);
    if (entry !== undefined && entry.component !== null) callOptional(entry.component, "invalidate");
  }

  /** graft is done with view `id`: custom's promise resolves with `resultText` (JSON) or undefined. */
  function close(id, resultText) {
    const entry = views.get(id);
    if (entry === undefined) return;
    for (const [slot, held] of slots) {
      if (held === id) slots.delete(slot);
    }
    end(entry, resultText === undefined || resultText === null ? undefined : JSONparse(resultText), false);
  }

  function paletteChanged() {
    palette = null;
  }

  // ---------------------------------------------------------------- what the prelude calls

  /**
   * ctx.ui.custom(factory, options): the factory gets (tui, theme, keybindings, done) and returns
   * a component (or a promise of one), which `show(id, optionsJson)` hands to graft; the promise
   * resolves with what done() is given, or undefined when graft closes it. Without components
   * (RPC, print) it resolves undefined and the factory is not called, as in the reference.
   */
  function custom(factory, options, components, show) {
    if (typeof factory !== "function") {
      return PromiseC.reject(new TypeErrorC("ctx.ui.custom: the factory must be a function (tui, theme, keybindings, done)"
        + " => component, not " + describe(factory)));
    }
    if (!components) return PromiseC.resolve(undefined);
    const entry = newEntry("custom");
    let reject;
    const promise = new PromiseC(function (res, rej) {
      entry.settle = res;
      reject = rej;
    });
    const done = function (result) { end(entry, result, true); };
    let made;
    try {
      made = factory(tuiFor(entry), theme, keybindings, done);
    } catch (e) {
      entry.settle = null;
      end(entry, undefined, false);
      reject(e);
      return promise;
    }
    apply(promiseThen, apply(promiseResolve, PromiseC, [made]), [
      function (component) {
        if (entry.closed) return;
        try {
          entry.component = checkComponent(component, "ctx.ui.custom: the factory's result");
          if ("focused" in component) component.focused = true;
          show(entry.id, optionsJson(options));
        } catch (e) {
          entry.settle = null;
          end(entry, undefined, false);
          reject(e);
        }
      },
      function (e) {
        entry.settle = null;
        end(entry, undefined, false);
        reject(e);
      },
    ]);
    return promise;
  }

  function optionsJson(options) {
    if (options === null || typeof options !== "object") return undefined;
    const o = {};
    if (options.overlay === true) o.overlay = true;
    let oo = options.overlayOptions;
    if (typeof oo === "function") oo = oo();
    if (oo !== null && typeof oo === "object") {
      if (typeof oo.width === "number" || typeof oo.width === "string") o.width = StringC(oo.width);
      if (typeof oo.anchor === "string") o.anchor = oo.anchor;
    }
    return JSONstringify(o);
  }

  /**
   * A factory (tui, theme, extra) => component for a slot: made at once, its id handed to graft
   * by `show(id)`; the view held in that slot before ends.
   */
  function slotView(slot, factory, extra, what, show, givenTheme) {
    const entry = newEntry(slot);
    let component;
    try {
      component = checkComponent(factory(tuiFor(entry), givenTheme === undefined ? theme : givenTheme, extra), what);
    } catch (e) {
      end(entry, undefined, false);
      throw e;
    }
    entry.component = component;
    vacate(slot);
    slots.set(slot, entry.id);
    show(entry.id);
  }

  function setWidget(key, factory, show) {
    slotView("widget:" + key, factory, undefined, "ctx.ui.setWidget: the factory's result", show);
  }

  /** The footer's data provider, from what `footerData()` (the ctx's host) answers. */
  function footerProvider(footerData) {
    return freeze({
      getGitBranch() {
        const d = footerData();
        return d.branch === undefined ? null : d.branch;
      },
      getExtensionStatuses() {
        const d = footerData();
        const m = new MapC();
        const ks = Object.keys(d.statuses || {});
        for (let i = 0; i < ks.length; i++) m.set(ks[i], d.statuses[ks[i]]);
        return m;
      },
      getAvailableProviderCount() { return footerData().providers || 0; },
      // graft does not watch the git branch: a callback is kept but never called.
      onBranchChange(callback) { return function () {}; },
    });
  }

  function setFooter(factory, footerData, show) {
    slotView("footer", factory, footerProvider(footerData), "ctx.ui.setFooter: the factory's result", show);
  }

  function setHeader(factory, show) {
    slotView("header", factory, undefined, "ctx.ui.setHeader: the factory's result", show);
  }

  // ---------------------------------------------------------------- a script's editor

  // The factory of the editor shown now (ctx.ui.getEditorComponent), while its view holds the
  // "editor" slot (graft letting it go, or the script setting undefined, empties the slot).
  let editorFactory;

  /** The editor's theme (pi-tui's EditorTheme) in graft's colours. */
  function editorTheme() {
    const muted = function (t) { return theme.fg("muted", t); };
    const accent = function (t) { return theme.fg("accent", t); };
    return {
      borderColor: function (t) { return theme.fg("borderMuted", t); },
      selectList: { selectedPrefix: accent, selectedText: accent, description: muted, scrollInfo: muted, noMatch: muted },
    };
  }

  /**
   * ctx.ui.setEditorComponent(factory): the factory gets (tui, theme, keybindings) and returns the
   * editor graft shows in its own editor's place, as the reference wires it: onSubmit and onChange
   * tell graft (host "editor": id, what, text), and a CustomEditor's onEscape, onCtrlD and app
   * actions are graft's, unless the script set them.
   */
  function setEditor(factory, show) {
    slotView("editor", factory, keybindings, "ctx.ui.setEditorComponent: the factory's result", function (id) {
      const entry = views.get(id);
      const component = entry.component;
      const tell = function (what, text) {
        if (!entry.closed) host("editor", id, what, text === undefined ? "" : StringC(text));
      };
      const textOf = function () {
        return typeof component.getText === "function" ? StringC(component.getText()) : "";
      };
      component.onSubmit = function (text) {
        if (typeof component.addToHistory === "function") component.addToHistory(text);
        tell("submit", text);
      };
      component.onChange = function (text) { tell("change", text); };
      if ("focused" in component) component.focused = true;
      if ("actionHandlers" in component && component.actionHandlers instanceof MapC) {
        if (!component.onEscape) component.onEscape = function () { tell("app.interrupt", textOf()); };
        if (!component.onCtrlD) component.onCtrlD = function () { tell("app.exit", textOf()); };
        for (let i = 0; i < EDITOR_ACTIONS.length; i++) {
          const action = EDITOR_ACTIONS[i];
          if (!component.actionHandlers.has(action)) {
            component.actionHandlers.set(action, function () { tell(action, textOf()); });
          }
        }
      }
      editorFactory = factory;
      show(id);
    }, editorTheme());
  }

  function getEditor() {
    return slots.has("editor") ? editorFactory : undefined;
  }

  /** graft's text goes into the editor of view `id` (its setText). */
  function setText(id, text) {
    const entry = views.get(id);
    if (entry !== undefined && entry.component !== null && typeof entry.component.setText === "function") {
      entry.component.setText(StringC(text));
    }
  }

  /**
   * A message renderer's answer for graft: the id of the component it returned (kept until graft
   * closes it), its text when it returned a string (graft's text renderers), or undefined.
   */
  function renderMessage(renderer, message, expanded) {
    const made = renderer(message, freeze({ expanded: expanded === true }), theme);
    return held(made, "message", "the message renderer's result");
  }

  function held(made, kind, what) {
    if (made === undefined || made === null) return undefined;
    if (typeof made === "string") return made;
    const entry = newEntry(kind);
    try {
      entry.component = checkComponent(made, what);
    } catch (e) {
      end(entry, undefined, false);
      throw e;
    }
    return entry.id;
  }

  /**
   * A tool's renderCall or renderResult: `fn` called with the tool's arguments (call) or result
   * and options (result), the theme and the render context; answers as renderMessage does.
   */
  function renderTool(fn, which, argsText, resultText, stateText) {
    const state = JSONparse(stateText);
    const args = JSONparse(argsText);
    const context = {
      args,
      toolCallId: state.toolCallId,
      invalidate() {},
      lastComponent: undefined,
      state: {},
      cwd: state.cwd,
      executionStarted: state.executionStarted === true,
      argsComplete: true,
      isPartial: state.isPartial === true,
      expanded: state.expanded === true,
      showImages: false,
      isError: state.isError === true,
    };
    const made = which === "call"
      ? fn(args, theme, context)
      : fn(JSONparse(resultText), freeze({ expanded: state.expanded === true, isPartial: state.isPartial === true }),
        theme, context);
    return held(made, "tool", which === "call" ? "renderCall's result" : "renderResult's result");
  }

  const keybindings = freeze({
    getKeys(id) { return (BINDINGS[id] || []).slice(); },
    matches(data, id) {
      const keys = BINDINGS[id];
      if (keys === undefined) return false;
      for (let i = 0; i < keys.length; i++) {
        if (matchesKey(data, keys[i])) return true;
      }
      return false;
    },
  });

  return freeze({
    theme,
    keybindings,
    parseKey,
    matchesKey,
    bindings(id) { return (BINDINGS[id] || []).slice(); },
    markdown(text, width) { return unwrap(host("markdown", StringC(text), width)); },
    size,
    render,
    input,
    invalidate,
    close,
    paletteChanged,
    custom,
    setWidget,
    setFooter,
    setHeader,
    setEditor,
    getEditor,
    setText,
    vacate,
    renderMessage,
    renderTool,
  });
})
