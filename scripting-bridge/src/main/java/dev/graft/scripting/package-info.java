/**
 * Runs graft's hook scripts: JavaScript ES modules in sandboxed GraalJS contexts.
 *
 * <h2>Scripts</h2>
 * A script is a {@code .js} or {@code .mjs} file, or a {@code .ts}/{@code .mts} file that
 * {@link dev.graft.scripting.modules.TypeScriptStripper} turns into JavaScript, lines kept (or a directory's
 * {@code index.js}, {@code index.ts}...), whose
 * default export is a function receiving the API object: {@code export default function (graft) {
 * graft.on("context", (event, ctx) => ...); }}. {@link dev.graft.scripting.api.ScriptFinder} finds them;
 * {@link dev.graft.scripting.ScriptEngine} loads them, in name order, one context per file.
 *
 * <h2>Imports</h2>
 * A script imports files relative to itself ({@code import "./lib/x.js"}), anywhere under the
 * directory it was found in, and files of the shared library directory as
 * {@code import "graft/lib/x.js"} (see {@link dev.graft.scripting.api.ScriptSources#libDir}), and
 * installed script packages by name with the npm packages they depend on ({@code import "team-lib"},
 * see {@link dev.graft.scripting.api.ScriptSources#packages}). Nothing else: no Node built-ins, no
 * absolute paths or {@code file:} URLs outside those roots, no {@code ..} or symbolic link that
 * leads out of them, and only {@code .js}/{@code .mjs}/{@code .ts}/{@code .mts} files. The file
 * system is read-only and cannot be listed.
 *
 * <h2>Sandbox</h2>
 * Contexts use {@code SandboxPolicy.CONSTRAINED}: no {@code Java}, {@code Polyglot},
 * {@code load}, {@code print} or {@code require}; no host classes, threads, processes, native
 * access or environment. The only Java a script reaches is the host functions behind the API
 * object, {@code ctx.ui} and {@code console}; every value crosses as JSON text.
 *
 * <h2>Threads</h2>
 * One owner thread runs all guest code as an event loop. A host operation a script awaits (a
 * dialog, {@code pi.exec}) is a future on the Java side and a promise in the script, settled on
 * the owner thread when the future completes; callers of the engine block only on futures, and
 * the owner thread serves other scripts meanwhile. Port implementations are called on the owner
 * thread and must not call back into the engine.
 *
 * <h2>Limits</h2>
 * See {@link dev.graft.scripting.api.ScriptSettings}: a run of script code that spins is interrupted
 * (the script stays loaded); a promise that never settles times out (not for commands); hitting
 * the statement limit or filling the heap stops the script until a reload; values handed to graft
 * are bounded in size. Every failure names the script, what it was doing, and the file and line
 * where there is one.
 */
package dev.graft.scripting;
