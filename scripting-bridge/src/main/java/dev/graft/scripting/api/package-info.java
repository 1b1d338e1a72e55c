/**
 * The bridge as the command line uses it: {@link ScriptSettings} (the limits), {@link
 * ScriptSources} and {@link ScriptFinder} (where scripts are and which files they are), {@link
 * LoadReport}, the {@link ScriptLog}, and the ports a script reaches graft through: {@link
 * ScriptHostPort} behind the API object, and behind {@code ctx} ({@link EventContext}) {@link
 * ScriptUi}, {@link ScriptSessionView}, {@link ScriptAgentControl} and {@link
 * ScriptCommandControl}. The command line implements the ports; the engine ({@code ScriptEngine})
 * calls them on its owner thread. Nothing here names the engine or the module loading.
 *
 * <h2>Scripts</h2>
 *
 * A script is a {@code .js} or {@code .mjs} file, or a {@code .ts}/{@code .mts} file whose types
 * graft erases, lines kept (or a directory's {@code index.js}, {@code index.ts}...), whose default
 * export is a function receiving the API object: {@code export default function (graft) {
 * graft.on("context", (event, ctx) => ...); }}. {@link ScriptFinder} finds them; the engine loads
 * them in name order, one context per file.
 */
package dev.graft.scripting.api;
