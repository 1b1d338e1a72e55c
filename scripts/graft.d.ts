// TypeScript declarations of graft's hook script API (docs/hooks.md is the reference in prose).
//
// A script gets completion and type errors in an editor (and from `tsc --checkJs`) with:
//
//   // @ts-check
//   /** @param {import("graft").GraftAPI} graft */
//   export default function (graft) { ... }
//
// with this file and scripts/jsconfig.json (which maps "graft" to this file) in the scripts
// directory, or a directory above it: copy both into ~/.graft/scripts for your own scripts.
// The types say what graft checks at run time: where graft refuses a value (a TypeError from an
// API call, a reported and ignored handler answer), the type refuses it too.

// ---------------------------------------------------------------- the script

/** What a script's default export is: called once, at load, with the API object. */
export type GraftScript = (graft: GraftAPI) => void | Promise<void>;

/**
 * The API object a script's default export receives. Only `on`, `registerCommand` and
 * `registerTool` may be called while the script loads; the other methods throw then, and work
 * from event, command and tool handlers. After /reload, an old API object throws on every call.
 */
export interface GraftAPI {
  /**
   * Handles `event`. Handlers run in load order, each with `(event, ctx)`; they may be async.
   * The answer's type depends on the event ({@link GraftEvents}); `undefined` changes nothing.
   * An unknown event name or a handler that is not a function throws a TypeError.
   */
  on<E extends EventName>(event: E, handler: EventHandler<E>): void;

  /**
   * Registers `/name`: 1 to 64 letters, digits, `_`, `-`, `.` or `:`, starting with a letter or
   * digit (no leading "/"); the description is at most 1,000 characters. A second registration of
   * one name in a script throws; a name another script or graft itself has is reported and this
   * one left out.
   */
  registerCommand(name: string, options: CommandOptions): void;

  /**
   * Registers a tool the model may call, from the next model call on. The name must be 1 to 64
   * letters, digits, `_` or `-`; the description must not be empty; `parameters` must be an
   * object schema. A name a built-in tool or an earlier script has is reported and left out.
   */
  registerTool<P extends ToolParams = ToolParams>(tool: ToolDefinition<P>): void;

  /**
   * Appends a `custom` entry to the session: state for scripts, never sent to the model.
   * `customType` must be a non-empty string, `data` JSON (no functions, cycles, BigInts, Maps...).
   */
  appendEntry(customType: string, data?: unknown): void;

  /**
   * Adds a custom message (a `custom_message` entry; the model sees it as user input). See
   * docs/hooks.md "Messages" for when it is delivered.
   */
  sendMessage(message: CustomMessageInput, options?: SendMessageOptions): void;

  /**
   * How the interactive mode shows custom messages of `customType`: the component the renderer
   * returns (docs/hooks.md "Components"), or a text (lines separated by "\n", shown without
   * colours). `undefined` keeps the default `[customType] text`; a throw, anything else or no answer
   * within 0.5 s too, after a note. Asked again when Ctrl+O changes `expanded`. Messages with
   * `display: false` are never shown. The first script to register a type keeps it.
   */
  registerMessageRenderer(customType: string, renderer: MessageRenderer): void;

  /**
   * A flag on graft's command line for this script: `graft --name` (boolean) or `graft --name
   * value` (string). An option no script registers is an error when graft starts.
   */
  registerFlag(name: string, options?: { type?: "boolean" | "string"; description?: string; default?: boolean | string }): void;

  /** The flag's value from the command line, else its default; undefined for a flag this script did not register. */
  getFlag(name: string): boolean | string | undefined;

  /**
   * A key of the interactive terminal ("ctrl+shift+p", "alt+m", "f5") that runs `handler` with a
   * command's ctx, unless one of graft's own actions has the key.
   */
  registerShortcut(key: string, options: { description?: string; handler: (ctx: CommandContext) => unknown }): void;
  /**
   * A provider of models, in models.json's form; with `streamSimple`, a stream the script writes
   * (push to `createAssistantMessageEventStream()` of "@mariozechner/pi-ai"). Its provider gets
   * only the key it gives, or a variable granted to it (`env`); a provider holding the user's keys
   * needs the `keys` grant, and a `baseUrl` (the provider's or a model's) the `net` grant that
   * `fetch` needs for its host, else this throws. `oauth` is left out with a warning.
   */
  registerProvider(name: string, config: ProviderConfig): void;
  /** Removes a provider registered with registerProvider, restoring what it replaced. */
  unregisterProvider(name: string): void;

  /**
   * Sends a user message. While a run goes on, `deliverAs` is needed; when idle it starts a run
   * as if the user had typed it.
   */
  sendUserMessage(content: string | (TextContent | ImageContent)[], options?: SendUserMessageOptions): void;

  /** Labels an entry; an empty or missing label clears it. */
  setLabel(entryId: string, label?: string): void;

  /** Sets the session's display name (a `session_info` entry). */
  setSessionName(name: string): void;

  /**
   * Runs a program, only when your settings grant it to this script (docs/hooks.md "Running
   * programs"); otherwise, or for an unknown option, a `cwd` that is not a directory or a
   * program that is not found, the promise rejects. A non-zero exit is a result, not an error.
   */
  exec(command: string, args?: string[], options?: ExecOptions): Promise<ExecResult>;

  /** The names of the tools the model has now (built-in and script tools). */
  getActiveTools(): string[];
  /** The session's name (setSessionName, /name), or undefined. */
  getSessionName(): string | undefined;
  /** Every tool the agent may be given; sourceInfo.path is "<builtin:NAME>" or the script's file. */
  getAllTools(): { name: string; description: string; parameters: JsonSchema; sourceInfo: { path: string } }[];
  /** The scripts' commands. */
  getCommands(): { name: string; description?: string; source: "extension"; sourceInfo: { path: string } }[];
  /**
   * A bus between the scripts: a handler in the emitting script runs at once with the value
   * itself; one in another script runs right after, with a JSON copy. `on` returns the unsubscribe.
   */
  events: {
    on(channel: string, handler: (data: any) => void): () => void;
    emit(channel: string, data?: unknown): void;
  };

  /** Sets the model's tools by name; an unknown name throws, naming the known ones. */
  setActiveTools(names: string[]): void;

  /**
   * Switches the model for the next model call: `true`, or `false` when graft does not know the
   * model or has no API key for its provider.
   */
  setModel(model: { provider: string; id: string }): Promise<boolean>;

  getThinkingLevel(): ThinkingLevel;

  /** An unknown level throws a TypeError naming the levels. */
  setThinkingLevel(level: ThinkingLevel): void;
}

// ---------------------------------------------------------------- console

declare global {
  /**
   * A script's console: each call is one line in graft's log (shown with --verbose; warn and
   * error always), values rendered briefly. Its other globals are the web ones below.
   */
  var console: {
    log(...values: unknown[]): void;
    info(...values: unknown[]): void;
    debug(...values: unknown[]): void;
    trace(...values: unknown[]): void;
    warn(...values: unknown[]): void;
    error(...values: unknown[]): void;
  };

  // The web globals (docs/hooks.md, "Web globals"), declared here for a jsconfig without "dom".

  /** A pending timer: Node's ref/unref change nothing (no timer keeps graft alive). */
  interface Timeout {
    ref(): Timeout;
    unref(): Timeout;
    hasRef(): boolean;
    refresh(): Timeout;
    [Symbol.toPrimitive](): number;
  }
  function setTimeout<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): Timeout;
  function setInterval<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): Timeout;
  function setImmediate<A extends unknown[]>(callback: (...args: A) => void, ...args: A): Timeout;
  function clearTimeout(timer: Timeout | number | undefined): void;
  function clearInterval(timer: Timeout | number | undefined): void;
  function clearImmediate(timer: Timeout | number | undefined): void;
  function queueMicrotask(callback: () => void): void;
  function structuredClone<T>(value: T): T;

  interface Event {
    readonly type: string;
    defaultPrevented: boolean;
    preventDefault(): void;
    stopImmediatePropagation(): void;
  }
  interface AbortSignal {
    readonly aborted: boolean;
    readonly reason: unknown;
    onabort: ((event: Event) => void) | null;
    throwIfAborted(): void;
    addEventListener(type: "abort", listener: (event: Event) => void, options?: { once?: boolean }): void;
    removeEventListener(type: "abort", listener: (event: Event) => void): void;
  }
  var AbortSignal: {
    abort(reason?: unknown): AbortSignal;
    timeout(ms: number): AbortSignal;
    any(signals: AbortSignal[]): AbortSignal;
  };
  interface AbortController {
    readonly signal: AbortSignal;
    abort(reason?: unknown): void;
  }
  var AbortController: { new (): AbortController };
  interface TextEncoder {
    readonly encoding: "utf-8";
    encode(input?: string): Uint8Array;
  }
  var TextEncoder: { new (): TextEncoder };
  interface TextDecoder {
    readonly encoding: "utf-8";
    decode(input?: ArrayBuffer | ArrayBufferView): string;
  }
  var TextDecoder: { new (label?: "utf-8" | "utf8", options?: { fatal?: boolean }): TextDecoder };
}

// ---------------------------------------------------------------- events

/** Every event name `on` accepts. */
export type EventName = keyof GraftEvents;

/** What `on(event, handler)` calls the handler with, and what it may answer. */
export type EventHandler<E extends EventName> = (
  event: GraftEvents[E]["event"],
  ctx: E extends "context" ? ContextEventContext : EventContext,
) => Answer<GraftEvents[E]["result"]>;

/** A handler's answer: the result, nothing (no change), or a promise of either. */
export type Answer<R> = R | void | undefined | null | Promise<R | void | undefined | null>;

/**
 * Each event's payload (`event`) and the answer its handlers may give (`result`; `void` for
 * events that are only watched, whose answers are ignored). A wrong answer is reported, naming
 * the script, the event and the field, and ignored. For the events that transform something
 * (`input`, `before_agent_start`, `context`, `tool_call`, `tool_result`), each script sees
 * what the ones loaded before it made of it.
 */
export interface GraftEvents {
  // -- a prompt
  /** What the user typed (or a script sent with sendUserMessage), before anything else sees it. */
  input: { event: InputEvent; result: InputResult };
  /** Once per prompt, after `input`: may add a message (stored) or replace the system prompt. */
  before_agent_start: { event: BeforeAgentStartEvent; result: BeforeAgentStartResult };
  /** Before each model call: the messages to send instead (this call only, never stored). */
  context: { event: ContextEvent; result: ContextResult };
  /** Before a tool runs: block it, or run it with other arguments. Fails closed: a throw blocks the call. */
  tool_call: { event: ToolCallEvent; result: ToolCallResult };
  /** After a tool ran: patch what the model sees. */
  tool_result: { event: ToolResultEvent; result: ToolResultResult };

  // -- watched: the agent's events, as `graft --mode json` prints them
  agent_start: { event: { type: "agent_start" }; result: void };
  agent_end: { event: { type: "agent_end"; messages: AgentMessage[] }; result: void };
  turn_start: { event: { type: "turn_start" }; result: void };
  turn_end: { event: { type: "turn_end"; message: AssistantMessage; toolResults: ToolResultMessage[] }; result: void };
  message_start: { event: { type: "message_start"; message: AgentMessage }; result: void };
  /** A streamed change to the assistant message. */
  message_update: {
    event: { type: "message_update"; assistantMessageEvent: AssistantMessageEvent; message: AssistantMessage };
    result: void;
  };
  message_end: { event: { type: "message_end"; message: AgentMessage }; result: void };
  tool_execution_start: {
    event: { type: "tool_execution_start"; toolCallId: string; toolName: string; args: Record<string, any> };
    result: void;
  };
  tool_execution_update: {
    event: { type: "tool_execution_update"; toolCallId: string; toolName: string; args: Record<string, any>; partialResult: ToolOutput };
    result: void;
  };
  tool_execution_end: {
    event: { type: "tool_execution_end"; toolCallId: string; toolName: string; result: ToolOutput; isError: boolean };
    result: void;
  };
  /** `reason`: "threshold", "overflow" or "manual". */
  compaction_start: { event: { type: "compaction_start"; reason: "threshold" | "overflow" | "manual" }; result: void };
  /** The new compaction entry's id and summary, or the error (or why nothing was compacted). */
  compaction_end: {
    event: {
      type: "compaction_end"; reason: "threshold" | "overflow" | "manual"; entryId?: string; summary?: string; error?: string;
      /** The reference's fields: the new entry's CompactionResult, whether it was cancelled, whether the turn goes on, and `error` unless cancelled. */
      result?: { summary: string; firstKeptEntryId?: string; tokensBefore: number; details?: unknown };
      aborted: boolean; willRetry: boolean; errorMessage?: string;
    };
    result: void;
  };
  /** A model call failed in a way worth another try; it is made again after `delayMs` (graft's addition). */
  auto_retry_start: {
    event: { type: "auto_retry_start"; attempt: number; maxAttempts: number; delayMs: number; errorMessage: string };
    result: void;
  };
  /** The retries ended: `success`, or the last error in `finalError` (graft's addition). */
  auto_retry_end: { event: { type: "auto_retry_end"; success: boolean; attempt: number; finalError?: string }; result: void };

  // -- the session
  /** The session is in use: at startup, or after /new, /resume or /fork replaced the previous one. */
  session_start: { event: SessionStartEvent; result: void };
  /** The session is being left: graft quits, or /new, /resume or /fork replaces it. */
  session_shutdown: { event: SessionShutdownEvent; result: void };
  /** Before /new or /resume: `{cancel: true}` keeps the session. */
  session_before_switch: { event: SessionBeforeSwitchEvent; result: CancelResult };
  /** After /new or /resume replaced the session. */
  session_switch: { event: SessionSwitchEvent; result: void };
  /** Before /fork (or a command's ctx.fork): `{cancel: true}` stops it. */
  session_before_fork: { event: SessionBeforeForkEvent; result: CancelResult };
  /** After /fork moved to the new session. */
  session_fork: { event: { type: "session_fork"; previousSessionFile?: string }; result: void };
  /** Before a compaction is written: cancel it, or supply it (no model call). */
  session_before_compact: { event: SessionBeforeCompactEvent; result: SessionBeforeCompactResult };
  /** After a compaction entry was appended. */
  session_compact: { event: { type: "session_compact"; compactionEntry: CompactionEntry; fromExtension: boolean }; result: void };
  /** Before /tree moves the leaf: cancel, supply the summary, or change the instructions or label. */
  session_before_tree: { event: SessionBeforeTreeEvent; result: SessionBeforeTreeResult };
  /** After /tree moved the leaf. */
  session_tree: { event: SessionTreeEvent; result: void };
  /** Another model was chosen. */
  model_select: { event: ModelSelectEvent; result: void };

  /** At start-up and on /reload: more skills, prompt templates and themes to load. */
  resources_discover: {
    event: { type: "resources_discover"; cwd: string; reason: "startup" | "reload" };
    result: { skillPaths?: string[]; promptPaths?: string[]; themePaths?: string[] };
  };
  /** The provider's request body; an answer replaces it. */
  before_provider_request: { event: { type: "before_provider_request"; payload: any }; result: Record<string, unknown> };

  // -- accepted, so that scripts written for the reference agent load, but not emitted by graft
  /** Not emitted by graft: a handler never runs. */
  after_provider_response: { event: { type: "after_provider_response"; status: number; headers: Record<string, string> }; result: void };
  /** The thinking level the model gets changed (not a session's starting or resumed level). */
  thinking_level_select: { event: { type: "thinking_level_select"; level: ThinkingLevel; previousLevel: ThinkingLevel }; result: void };
  /** Not emitted by graft: a handler never runs. */
  user_bash: { event: { type: "user_bash"; command: string; excludeFromContext: boolean; cwd: string }; result: void };
}

export interface InputEvent {
  type: "input";
  text: string;
  /** The images sent with the prompt (`@file`, RPC); absent when none. */
  images?: ImageContent[];
  source: "interactive" | "rpc" | "extension";
}

/**
 * `continue` (or nothing): as typed; `transform`: this text instead, and these images when given
 * (`[]` removes them); `handled`: no turn starts.
 */
export type InputResult =
  | { action: "continue" }
  | { action: "transform"; text: string; images?: ImageContent[] }
  | { action: "handled" };

export interface BeforeAgentStartEvent {
  type: "before_agent_start";
  /** The prompt's text. */
  prompt: string;
  /** The system prompt as earlier scripts left it. */
  systemPrompt: string;
  /** What graft built the system prompt from, as the reference names it. */
  systemPromptOptions: SystemPromptOptions;
}

export interface SystemPromptOptions {
  /** graft's working directory. */
  cwd: string;
  /** The tools active for this prompt. */
  selectedTools: string[];
  /** `--system-prompt`, when given (it replaces graft's own). */
  customPrompt?: string;
  /** `--append-system-prompt`, when given. */
  appendSystemPrompt?: string;
  /** The project's context files (AGENTS.md, CLAUDE.md) in the prompt. */
  contextFiles: { path: string; content: string }[];
  /** Always empty: graft loads no skills. */
  skills: never[];
}

export interface BeforeAgentStartResult {
  /** A message stored after the prompt's (one per prompt: a second one is reported and ignored). */
  message?: CustomMessageInput;
  /** The system prompt for this prompt's run; the next script sees it. */
  systemPrompt?: string;
}

export interface ContextEvent {
  type: "context";
  /**
   * What the model is about to be sent (after earlier scripts' changes), or what a compaction is
   * to summarise. The array is the handler's own; the messages are kept by the script from call
   * to call and frozen (all the way down) from a message's second call on: changing one in place
   * throws a TypeError. Build a new object to change one (`{...m, content}`); return the others as
   * they are (cheapest).
   */
  messages: AgentMessage[];
  /**
   * For each message, the position in `entries` of the entry it stands for (a message entry, a
   * hook message, a branch summary, a compaction's summary); null for a message no entry gives
   * as it is (written or changed by a handler).
   */
  entryIndex: (number | null)[];
  /** The current branch's entries, root first, as `ctx.sessionManager.getBranch()` (read when first used). */
  readonly entries: SessionEntry[];
}

/** Each message must be whole (with its `timestamp`): one that is not a message is reported and the answer ignored. */
export interface ContextResult {
  messages: AgentMessage[];
}

export interface ToolCallEvent {
  type: "tool_call";
  toolCallId: string;
  /** "bash", "read", "edit", "write", "grep", "find", "ls" or a script tool's name. */
  toolName: string;
  /** The tool's arguments (as replaced by earlier scripts). */
  input: Record<string, any>;
}

/**
 * `{block: true, reason}` blocks the call (the reason is its result); `{input}` runs it with
 * these arguments (later scripts see them).
 */
export interface ToolCallResult {
  block?: boolean;
  reason?: string;
  input?: Record<string, unknown>;
}

export interface ToolResultEvent {
  type: "tool_result";
  toolCallId: string;
  toolName: string;
  input: Record<string, any>;
  content: (TextContent | ImageContent)[];
  /** Absent when the tool gave none. */
  details?: any;
  isError: boolean;
}

/** Each field given replaces the tool's own (`details: null` removes it). */
export interface ToolResultResult {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
}

/** A tool's output in the tool_execution events. */
export interface ToolOutput {
  content: (TextContent | ImageContent)[];
  details?: any;
}

/**
 * The provider's stream event (message_update); `partial` is the assistant message so far (a tool
 * call's `arguments` are `{}` until its `toolcall_end`).
 */
export type AssistantMessageEvent = (
  | { type: "start" }
  | { type: "text_start" | "thinking_start"; contentIndex: number }
  | { type: "text_delta" | "thinking_delta" | "toolcall_delta"; contentIndex: number; delta: string }
  | { type: "text_end" | "thinking_end"; contentIndex: number; content: string }
  | { type: "toolcall_start"; contentIndex: number; id: string; name: string }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCallContent }
  | { type: "done"; reason: StopReason }
  | { type: "error"; reason: StopReason }
) & { partial: AssistantMessage };

export interface SessionStartEvent {
  type: "session_start";
  reason: "startup" | "reload" | "new" | "resume" | "fork";
  /** The session left (new, resume, fork). */
  previousSessionFile?: string;
}

export interface SessionShutdownEvent {
  type: "session_shutdown";
  reason: "quit" | "reload" | "new" | "resume" | "fork";
  /** The session about to be resumed. */
  targetSessionFile?: string;
}

export interface SessionBeforeSwitchEvent {
  type: "session_before_switch";
  /** "new" for /new, "resume" for /resume. */
  reason: "new" | "resume";
  targetSessionFile?: string;
}

export interface SessionSwitchEvent {
  type: "session_switch";
  reason: "new" | "resume";
  previousSessionFile?: string;
}

export interface SessionBeforeForkEvent {
  type: "session_before_fork";
  entryId: string;
  /** "before": /fork from a user message (the fork ends before it); "at": a command's ctx.fork, kept. */
  position: "before" | "at";
}

/** Across scripts a cancel stops the others from being asked. */
export interface CancelResult {
  cancel?: boolean;
}

export interface SessionBeforeCompactEvent {
  type: "session_before_compact";
  preparation: CompactionPreparation;
  /** The current path's entries, as in the session file. */
  branchEntries: SessionEntry[];
  /** `/compact …`'s instructions. */
  customInstructions?: string;
}

/** What graft is about to compact. */
export interface CompactionPreparation {
  firstKeptEntryId: string;
  messagesToSummarize: AgentMessage[];
  /** The start of a turn cut in two. */
  turnPrefixMessages: AgentMessage[];
  isSplitTurn: boolean;
  tokensBefore: number;
  /** The last compaction's summary, to build on. */
  previousSummary?: string;
  /** Paths from the tool calls, sorted. */
  fileOps: { read: string[]; written: string[]; edited: string[] };
  settings: { enabled: boolean; reserveTokens: number; keepRecentTokens: number };
}

export interface SessionBeforeCompactResult extends CancelResult {
  /**
   * The compaction to append as it is (no model call): a non-empty summary, a firstKeptEntryId
   * on the current branch (usually preparation.firstKeptEntryId), a whole tokensBefore.
   */
  compaction?: CompactionResult;
}

/** A compaction: what session_before_compact may supply and ctx.compact's onComplete receives. */
export interface CompactionResult {
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: unknown;
}

export interface SessionBeforeTreeEvent {
  type: "session_before_tree";
  preparation: TreePreparation;
}

export interface TreePreparation {
  targetId: string;
  oldLeafId: string | null;
  commonAncestorId: string | null;
  entriesToSummarize: SessionEntry[];
  userWantsSummary: boolean;
  customInstructions?: string;
  replaceInstructions: boolean;
  label?: string;
}

/** Within one script the handlers' answers merge; across scripts the later wins. */
export interface SessionBeforeTreeResult extends CancelResult {
  /** The branch summary, used when the user asked for one. */
  summary?: { summary: string; details?: unknown };
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

export interface SessionTreeEvent {
  type: "session_tree";
  newLeafId: string | null;
  oldLeafId: string | null;
  summaryEntry?: BranchSummaryEntry;
  /** Present with a summary: whether a script wrote it. */
  fromExtension?: boolean;
}

export interface ModelSelectEvent {
  type: "model_select";
  model: ModelInfo;
  previousModel: ModelInfo;
  /** "set": /model, RPC or setModel; "cycle": stepped to; "restore": taken from a resumed session. */
  source: "set" | "cycle" | "restore";
}

/** A model as scripts see it (never its base URL or headers). */
export interface ModelInfo {
  id: string;
  name: string;
  provider: string;
  api: string;
  reasoning: boolean;
  contextWindow: number;
  maxTokens: number;
  input: ("text" | "image")[];
}

// ---------------------------------------------------------------- ctx

/**
 * The second argument of every event handler and the last of a tool's execute: where the
 * session is, dialogs, a read-only view of the session, and the agent's methods.
 */
export interface EventContext {
  /** The session's working directory. */
  cwd: string;
  /** The session file (absent with --no-session, and while the agent is being set up). */
  sessionFile?: string;
  /** The model, as ctx.modelRegistry describes it (absent while the agent is being set up). */
  model?: RegistryModel;
  /** The thinking level (absent while the agent is being set up). */
  thinkingLevel?: ThinkingLevel;
  /** Whether dialogs reach someone: false in -p and --mode json, where they answer as dismissed. */
  hasUI: boolean;
  /**
   * Quits graft once what it does now is done: the interactive mode after the current input, the
   * RPC mode once the command it handles is done. Nothing in -p and --mode json, which
   * end with their prompts.
   */
  shutdown(): void;
  ui: UI;
  sessionManager: SessionManager;

  /** False while a prompt, compaction or tree move runs. */
  isIdle(): boolean;
  /** Aborts the running prompt, and any pending ctx.complete. */
  abort(): void;
  /** Whether steering or follow-up messages wait. */
  hasPendingMessages(): boolean;
  /** Undefined when the model's context window is unknown. */
  getContextUsage(): ContextUsage | undefined;
  /** The system prompt the agent sends. */
  getSystemPrompt(): string;
  /**
   * Aborts the run, waits until the agent is idle, and compacts; returns at once. Do not wait for
   * it inside an event handler: the run it aborts waits for that handler.
   */
  compact(options?: CompactOptions): void;
  /**
   * One model call made by graft with the session's model (no tools; the script never sees a
   * key). A failure or an abort is an answer with stopReason "error" or "aborted": check it.
   * A call past the script's budget (settings scripts.modelCallsPerRun, default 100 a prompt, and
   * scripts.modelCallsInFlight, default 4 at once) is rejected with an Error saying which.
   */
  complete(request: CompleteRequest): Promise<CompleteResult>;
  /**
   * The messages the model would be sent next: the current branch's context through the
   * `context` handlers (their reminders not added). Rejected from inside a context handler.
   */
  rebuildContext(): Promise<AgentMessage[]>;
  /** The models graft knows and can call, without credentials. */
  modelRegistry: ModelRegistry;
}

/** A `context` handler's ctx: an event's, plus the reminder handle. */
export interface ContextEventContext extends EventContext {
  reminders: Reminders;
}

/**
 * Durable reminders for the model, from a `context` handler. Each is committed as a
 * `custom_message` entry and sent with this very call, only if every context handler continues.
 */
export interface Reminders {
  /**
   * Queues `text` (non-empty, at most 16,000 characters; at most 8 per call) under `customType`
   * (default "reminder"). Throws once the chain is over.
   */
  append(text: string, options?: { customType?: string }): void;
}

/** ctx.modelRegistry: the models graft knows, described without keys, base URLs or headers. */
export interface ModelRegistry {
  /** The model with this provider and id (with a key or not), or undefined. */
  find(provider: string, id: string): RegistryModel | undefined;
  /** The models graft can call: a key found, or none needed. */
  available(): RegistryModel[];
}

/** A model as ctx.modelRegistry describes it. */
export interface RegistryModel {
  provider: string;
  id: string;
  name: string;
  api: string;
  reasoning: boolean;
  input: ("text" | "image")[];
  /** Dollars per million tokens. */
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
  contextWindow: number;
  maxTokens: number;
}

/** registerMessageRenderer's renderer: a component, the text to show, or undefined for the default. */
export type MessageRenderer = (
  message: CustomMessage,
  options: { expanded: boolean },
  theme: Theme,
) => Component | string | undefined;

/**
 * A component a script draws (docs/hooks.md "Components"): its lines for a width (each at most
 * `width` columns; colours kept, other escape sequences dropped), keys as the terminal sends them
 * (a dialog's), and `invalidate` when the theme changed. `dispose` is called once it goes.
 */
export interface Component {
  render(width: number): string[];
  handleInput?(data: string): void;
  invalidate(): void;
  dispose?(): void;
  /** Set to true for a dialog's component that has it: it then puts CURSOR_MARKER where the caret goes. */
  focused?: boolean;
}

/** What a component's factory gets to ask for frames and read the terminal's size. */
export interface Tui {
  /** Draws it again soon (at most 60 frames a second, however often it is asked). */
  requestRender(): void;
  readonly terminal: { readonly columns: number; readonly rows: number };
}

/** The reference's key bindings a component may ask about (ids such as "tui.select.up"). */
export interface Keybindings {
  matches(data: string, id: string): boolean;
  getKeys(id: string): string[];
}

/** A footer component's data: the git branch, the status texts, the providers with models. */
export interface FooterData {
  getGitBranch(): string | null;
  getExtensionStatuses(): ReadonlyMap<string, string>;
  getAvailableProviderCount(): number;
  /** Never called: graft does not watch the branch. Returns an unsubscribe function. */
  onBranchChange(callback: () => void): () => void;
}

/**
 * The reference's theme in graft's colours (none without a terminal): `color` is one of the
 * reference's roles ("accent", "muted", "customMessageBg"...); an unknown role throws.
 */
export interface PlainTheme {
  fg(color: string, text: string): string;
  bg(color: string, text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  dim(text: string): string;
  strikethrough(text: string): string;
}

/**
 * A command handler's ctx: an event's, plus what only a command may do. In the interactive mode
 * these work; elsewhere each promise rejects, saying it is not available in that mode.
 */
export interface CommandContext extends EventContext {
  /** The text after `/name` (the handler's first argument). In every mode. */
  argsRaw: string;
  /** `argsRaw`'s words (split at white space); [] when there are none. In every mode. */
  args: string[];
  /** Aborts when the user abandons the command (Esc or Ctrl+C in the interactive mode). In every mode. */
  signal: CommandSignal;
  /** Resolves when no prompt, compaction or tree move runs. */
  waitForIdle(): Promise<void>;
  /** Moves in the session tree as /tree does. */
  navigateTree(targetId: string, options?: NavigateTreeOptions): Promise<{ cancelled: boolean }>;
  /** As /fork: a new session file with the path to the entry. */
  fork(entryId: string): Promise<{ cancelled: boolean }>;
  /** As /new. */
  newSession(): Promise<{ cancelled: boolean }>;
  /** As /resume with a file: opens that session (a path relative to the session's working directory). */
  switchSession(sessionPath: string): Promise<{ cancelled: boolean }>;
  /**
   * As /reload (settings, skills, prompt templates, themes, AGENTS.md files, models.json and the
   * scripts), once this handler has returned; resolves at once. In every mode.
   */
  reload(): Promise<void>;
}

/** A command's abort signal (the shape of a web AbortSignal). */
export interface CommandSignal {
  readonly aborted: boolean;
  /** An Error named "AbortError" once aborted. */
  readonly reason: Error | undefined;
  onabort: ((event: { type: "abort" }) => void) | null;
  addEventListener(type: "abort", listener: (event: { type: "abort" }) => void): void;
  removeEventListener(type: "abort", listener: (event: { type: "abort" }) => void): void;
  throwIfAborted(): void;
}

export interface NavigateTreeOptions {
  /** Summarise the branch left. */
  summarize?: boolean;
  customInstructions?: string;
  replaceInstructions?: boolean;
  label?: string;
}

export interface ContextUsage {
  /** Null right after a compaction, until the model answers again. */
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

export interface CompactOptions {
  customInstructions?: string;
  onComplete?: (result: CompactionResult) => void;
  /** Nothing to compact, or the summary failed. Without it the failure is logged. */
  onError?: (error: Error) => void;
}

/** Unknown fields are refused. */
export interface CompleteRequest {
  /** Not empty. */
  messages: CompleteMessage[];
  systemPrompt?: string;
  /** A positive whole number. */
  maxTokens?: number;
  /** Aborting it cancels the call; the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * A message for ctx.complete: any message of the session, where the fields graft can fill in may
 * be left out (timestamps; an assistant's api, provider, model, usage and stopReason; a tool
 * result's isError). `{role: "user", content: "..."}` is enough.
 */
export type CompleteMessage =
  | Loose<UserMessage, "timestamp">
  | Loose<AssistantMessage, "timestamp" | "api" | "provider" | "model" | "usage" | "stopReason">
  | Loose<ToolResultMessage, "timestamp" | "isError">
  | Loose<BashExecutionMessage, "timestamp">
  | Loose<CustomMessage, "timestamp">
  | Loose<BranchSummaryMessage, "timestamp">
  | Loose<CompactionSummaryMessage, "timestamp">;

/** `T` with the fields `K` optional. */
export type Loose<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export interface CompleteResult {
  /** The text blocks joined with newlines. */
  text: string;
  content: (TextContent | ThinkingContent | ToolCallContent)[];
  stopReason: StopReason;
  usage: Usage;
  errorMessage?: string;
}

/** Dialogs answer by promise; `timeout` (milliseconds, positive) closes one as dismissed. */
export interface UI {
  /** The chosen option, or undefined when dismissed. */
  select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
  /** False when dismissed. */
  confirm(title: string, message?: string, opts?: DialogOptions): Promise<boolean>;
  /** The text entered, or undefined when dismissed. */
  input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
  /** `type` defaults to "info". */
  notify(message: string, type?: "info" | "warning" | "error"): void;
  /** Shows `text` in the status line under `key`; undefined or "" removes it. */
  setStatus(key: string, text?: string): void;
  /** A text to edit, starting from `prefill`; undefined when dismissed. */
  editor(title: string, prefill?: string): Promise<string | undefined>;
  /**
   * Lines (at most 10, colours kept), or a component, shown above (or below) the editor under
   * `key`; undefined removes them. Over RPC lines are a setWidget request and a factory is ignored;
   * without a terminal the lines are a status text.
   */
  setWidget(
    key: string,
    content: string[] | ((tui: Tui, theme: Theme) => Component) | undefined,
    options?: { placement?: "aboveEditor" | "belowEditor" },
  ): void;
  /**
   * Shows the factory's component in the editor's place with the keys until it calls `done(result)`;
   * resolves with `result`, or undefined when the user left it (Esc twice). Without a terminal
   * undefined at once, the factory not called.
   */
  custom<T>(
    factory: (tui: Tui, theme: Theme, keybindings: Keybindings, done: (result: T) => void) => Component | Promise<Component>,
    options?: { overlay?: boolean; overlayOptions?: { width?: number | string; anchor?: string } },
  ): Promise<T | undefined>;
  /** The terminal window's title (over RPC a setTitle request). */
  setTitle(title: string): void;
  /** The text beside the working indicator in the terminal; no argument restores graft's. */
  setWorkingMessage(message?: string): void;
  /** Hides (false) or shows again (true) the terminal's working line. Not sent over RPC, as in the reference. */
  setWorkingVisible(visible: boolean): void;
  /**
   * The terminal's working indicator: `frames` cycled every `intervalMs` ms (20 to 10,000; at most
   * 100 frames of 100 characters, escape sequences dropped); `[]` shows none; no argument restores graft's.
   * Not sent over RPC, as in the reference.
   */
  setWorkingIndicator(options?: { frames?: string[]; intervalMs?: number }): void;
  /** No effect: graft never hides thinking, so there is no label for hidden thinking (checked: a string or nothing). */
  setHiddenThinkingLabel(label?: string): void;
  /** Puts `text` in the input editor (over RPC a set_editor_text request). */
  setEditorText(text: string): void;
  /** As setEditorText. */
  pasteToEditor(text: string): void;
  /** The editor's text now; "" without a terminal. */
  getEditorText(): string;
  /** graft's themes and your theme files (none without a terminal). */
  getAllThemes(): { name: string; path: string | null }[];
  /** A theme called `name` (drawing in graft's current colours), or undefined. */
  getTheme(name: string): (Theme & { name: string }) | undefined;
  /** Switches the terminal's theme and keeps it in settings.json, as /settings does. */
  setTheme(theme: string | { name: string }): { success: boolean; error?: string };
  /** Whether tool output is expanded (Ctrl+O). */
  getToolsExpanded(): boolean;
  /** Expands or collapses tool output, as Ctrl+O. */
  setToolsExpanded(expanded: boolean): void;
  /** A component in place of graft's footer; undefined restores graft's. Ignored without a terminal. */
  setFooter(factory: ((tui: Tui, theme: Theme, footerData: FooterData) => Component) | undefined): void;
  /** A component in place of the banner above the conversation; undefined restores it. Ignored without a terminal. */
  setHeader(factory: ((tui: Tui, theme: Theme) => Component) | undefined): void;
  /** The reference's theme, in graft's colours (none without a terminal). */
  theme: Theme;
}

/** ctx.ui.theme, and the theme components and renderers get. */
export interface Theme extends PlainTheme {
  inverse(text: string): string;
  getFgAnsi(color: string): string;
  getBgAnsi(color: string): string;
}

export interface DialogOptions {
  timeout?: number;
  /** Aborting it answers the dialog as dismissed at once (undefined, or false for confirm). */
  signal?: AbortSignal;
}

/**
 * A read-only view of the session. Entries are as in the session file (docs/session-format.md)
 * and shared between reads: each entry and its message (or data) are frozen, so build new
 * objects (`{...entry.message, content}`) instead of assigning. The arrays are the script's own.
 */
export interface SessionManager {
  /** Every entry, in file order (the header excluded). */
  getEntries(): SessionEntry[];
  /** The entries from the root to `fromId` (the leaf when left out), root first; [] for an unknown id. */
  getBranch(fromId?: string): SessionEntry[];
  getEntry(id: string): SessionEntry | undefined;
  /** Undefined before the first entry. */
  getLeafEntry(): SessionEntry | undefined;
  /** Null before the first entry. */
  getLeafId(): string | null;
  getLabel(id: string): string | undefined;
  /** The roots (orphans too), children oldest first. */
  getTree(): SessionTreeNode[];
  /** Null without a session. */
  getHeader(): SessionHeader | null;
  /** Undefined with --no-session. */
  getSessionFile(): string | undefined;
  /** Undefined with --no-session. */
  getSessionDir(): string | undefined;
  getSessionId(): string;
  /** The latest session_info name, if any. */
  getSessionName(): string | undefined;
  getCwd(): string;
}

export interface SessionTreeNode {
  entry: SessionEntry;
  children: SessionTreeNode[];
  label?: string;
  labelTimestamp?: string;
}

// ---------------------------------------------------------------- commands and tools

export interface CommandOptions {
  /** Shown in /help and completion. */
  description?: string;
  /**
   * `args`: the text after `/name` (also `ctx.argsRaw`). A string or `{prompt}` answered is sent
   * to the agent as a prompt once the command is done; `{status}` is shown as a line. A throw is
   * reported as the command's failure.
   */
  handler: (args: string, ctx: CommandContext) => CommandResult | Promise<CommandResult>;
}

/** What a command handler may return: nothing; a prompt for the agent (a string or `{prompt}`); or a `{status}` line to show. */
export type CommandResult = string | { prompt: string } | { status: string } | void | undefined;

/** A tool's arguments, as checked against its parameters. */
export type ToolParams = Record<string, any>;

export interface ToolDefinition<P extends ToolParams = ToolParams> {
  /** 1 to 64 letters, digits, `_` or `-`. */
  name: string;
  label?: string;
  /** What the model is told; not empty. */
  description: string;
  /** An object schema; without one the tool takes no arguments. */
  parameters?: ObjectSchema;
  /**
   * Runs on the script thread with the model's arguments, checked against `parameters`. `signal`
   * aborts when the run is aborted (Esc, Ctrl+C, RPC abort); `onUpdate` is not given yet (null). A throw, a rejection or a wrong answer becomes an
   * error result naming the tool and the script.
   */
  execute(toolCallId: string, params: P, signal: AbortSignal, onUpdate: null, ctx: EventContext): ToolResult | Promise<ToolResult>;
  /** The component the terminal shows for the call, in place of graft's title line. */
  renderCall?(args: P, theme: Theme, context: ToolRenderContext<P>): Component;
  /** The component the terminal shows for the result, in place of graft's output; asked again when Ctrl+O flips `expanded`. */
  renderResult?(result: ToolResult, options: { expanded: boolean; isPartial: boolean }, theme: Theme,
    context: ToolRenderContext<P>): Component;
}

/** What renderCall and renderResult are told about the call. */
export interface ToolRenderContext<P> {
  args: P;
  toolCallId: string;
  cwd: string;
  expanded: boolean;
  isPartial: boolean;
  isError: boolean;
}

/** What execute answers. */
export interface ToolResult {
  /** Text and image blocks (a bare string is refused). */
  content: (TextContent | ImageContent)[];
  /** Kept in the session for the script; never sent to the model. */
  details?: unknown;
}

/** A JSON Schema type name. */
export type SchemaType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** A JSON Schema; graft checks `type`, `properties`, `required` and `items`, and passes other keywords on. */
export interface JsonSchema {
  type?: SchemaType | SchemaType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  description?: string;
  enum?: unknown[];
  [keyword: string]: unknown;
}

/** A tool's parameters: an object schema. */
export interface ObjectSchema extends JsonSchema {
  type: "object";
}

export interface ExecOptions {
  /**
   * Milliseconds, more than 0 and at most 2147483647 (about 24.8 days); kills the program and
   * what it started, giving killed: true. Any other value rejects the promise.
   */
  timeout?: number;
  /** Relative to the session's directory. */
  cwd?: string;
  /** Aborting it kills the program; the promise resolves at once to {stdout: "", stderr: "", code: 0, killed: true}. */
  signal?: AbortSignal;
}

export interface ExecResult {
  /** The first 1 MiB, then how much was dropped. */
  stdout: string;
  stderr: string;
  code: number;
  /** Killed by the timeout or graft quitting. */
  killed: boolean;
}

export interface CustomMessageInput {
  /** Not empty. */
  customType: string;
  content: string | (TextContent | ImageContent)[];
  /** Shown in the transcript (default true). */
  display?: boolean;
  /** Kept in the session, never sent to the model. */
  details?: unknown;
}

export interface SendMessageOptions {
  /** When idle: start a run with this message. */
  triggerTurn?: boolean;
  /** Default "steer". */
  deliverAs?: "steer" | "followUp" | "nextTurn";
}

export interface SendUserMessageOptions {
  deliverAs?: "steer" | "followUp";
}

// ---------------------------------------------------------------- messages

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh";

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

export interface TextContent {
  type: "text";
  text: string;
  textSignature?: string;
}

/** A base64 image. */
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
}

export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  thinkingSignature?: string;
  redacted?: boolean;
}

export interface ToolCallContent {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, any>;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  /** US dollars. */
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
}

/** A message of the session, by `role`. `timestamp` is in epoch milliseconds. */
export type AgentMessage =
  | UserMessage
  | AssistantMessage
  | ToolResultMessage
  | BashExecutionMessage
  | CustomMessage
  | BranchSummaryMessage
  | CompactionSummaryMessage;

export interface UserMessage {
  role: "user";
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCallContent)[];
  api: string;
  provider: string;
  model: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  timestamp: number;
}

export interface ToolResultMessage {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: any;
  isError: boolean;
  timestamp: number;
}

/** A shell command the user ran with `!cmd` (`!!cmd`: excluded from the context). */
export interface BashExecutionMessage {
  role: "bashExecution";
  command: string;
  output: string;
  exitCode?: number;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
  excludeFromContext?: boolean;
  timestamp: number;
}

/** A script's message (sendMessage, before_agent_start); the model sees it as user input. */
export interface CustomMessage {
  role: "custom";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: any;
  timestamp: number;
}

/** A branch_summary entry in a context. */
export interface BranchSummaryMessage {
  role: "branchSummary";
  summary: string;
  fromId: string;
  timestamp: number;
}

/** A compaction's summary in a context. */
export interface CompactionSummaryMessage {
  role: "compactionSummary";
  summary: string;
  tokensBefore: number;
  timestamp: number;
}

// ---------------------------------------------------------------- session entries

/** The session file's first line. */
export interface SessionHeader {
  type: "session";
  version: number;
  id: string;
  /** ISO-8601, UTC. */
  timestamp: string;
  cwd: string;
  /** The file a fork came from. */
  parentSession?: string;
}

/**
 * An entry of the session, by `type` (docs/session-format.md). Entry types graft does not know
 * are passed on as they are and are not in this union.
 */
export type SessionEntry =
  | MessageEntry
  | ModelChangeEntry
  | ThinkingLevelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry;

interface EntryBase {
  /** 8 hex digits, unique in the file. */
  readonly id: string;
  /** Null for a root. */
  readonly parentId: string | null;
  /** ISO-8601, UTC, milliseconds. */
  readonly timestamp: string;
}

export interface MessageEntry extends EntryBase {
  readonly type: "message";
  readonly message: AgentMessage;
}

export interface ModelChangeEntry extends EntryBase {
  readonly type: "model_change";
  readonly provider: string;
  readonly modelId: string;
}

export interface ThinkingLevelChangeEntry extends EntryBase {
  readonly type: "thinking_level_change";
  readonly thinkingLevel: ThinkingLevel;
}

export interface CompactionEntry extends EntryBase {
  readonly type: "compaction";
  readonly summary: string;
  /** The first entry kept after the summary; none keeps nothing. */
  readonly firstKeptEntryId?: string;
  readonly tokensBefore: number;
  readonly details?: any;
  /** A script supplied it. */
  readonly fromHook?: boolean;
}

export interface BranchSummaryEntry extends EntryBase {
  readonly type: "branch_summary";
  /** The abandoned leaf, or "root". */
  readonly fromId: string;
  readonly summary: string;
  readonly details?: any;
  readonly fromHook?: boolean;
}

/** Script state (appendEntry): never sent to the model. `data` is the JSON the script gave. */
export interface CustomEntry extends EntryBase {
  readonly type: "custom";
  readonly customType: string;
  readonly data?: any;
}

/** A script's message (sendMessage). */
export interface CustomMessageEntry extends EntryBase {
  readonly type: "custom_message";
  readonly customType: string;
  readonly content: string | (TextContent | ImageContent)[];
  readonly display: boolean;
  readonly details?: any;
}

export interface LabelEntry extends EntryBase {
  readonly type: "label";
  readonly targetId: string;
  /** Absent or empty: cleared. */
  readonly label?: string;
}

export interface SessionInfoEntry extends EntryBase {
  readonly type: "session_info";
  /** The display name; empty clears it. */
  readonly name?: string;
}

/** What graft.registerProvider takes (docs/providers.md, Providers of scripts). */
export interface ProviderConfig {
  name?: string;
  baseUrl?: string;
  /** The key itself, or the name of an environment variable granted to the script. */
  apiKey?: string;
  api?: string;
  headers?: Record<string, string>;
  authHeader?: boolean;
  models?: ProviderModel[];
  /** Not in graft: left out with a warning. */
  oauth?: unknown;
  streamSimple?: (
    model: ProviderModel & { api: string; provider: string },
    context: { systemPrompt?: string; messages: unknown[]; tools: { name: string; description: string; parameters: unknown }[] },
    options: { apiKey?: string; maxTokens?: number; reasoning?: string; sessionId?: string; signal: AbortSignal },
  ) => AsyncIterable<{ type: string; [field: string]: unknown }>;
}

export interface ProviderModel {
  id: string;
  name?: string;
  api?: string;
  baseUrl?: string;
  reasoning?: boolean;
  input?: ("text" | "image")[];
  cost?: { input: number; output: number; cacheRead: number; cacheWrite: number };
  contextWindow?: number;
  maxTokens?: number;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
}
