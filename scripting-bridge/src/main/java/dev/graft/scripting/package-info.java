/**
 * Runs graft's hook scripts: JavaScript and TypeScript ES modules in sandboxed GraalJS contexts.
 *
 * <h2>The packages</h2>
 *
 * <ul>
 *   <li>{@code dev.graft.scripting}, this one: the engine core. {@link ScriptEngine} loads scripts
 *       and runs their handlers, commands and tools on one {@link OwnerThread} under the {@link
 *       Watchdog}; {@link GuestCalls} calls into a script, {@link HostCalls} and its siblings
 *       ({@code AgentCalls}, {@code UiCalls}, {@code SessionViewCalls}, {@code CommandCalls}) serve
 *       what a script calls; {@link Marshal} and {@link MessageMirror} carry values across as JSON
 *       text; {@link ScriptHookSource} is one script as the runtime's {@code HookSource}.
 *   <li>{@code dev.graft.scripting.api}: what the command line uses: settings, sources, finding
 *       scripts, load reports, and the ports a script's API object and {@code ctx} are built from.
 *   <li>{@code dev.graft.scripting.modules}: what a script can import (its own files, the shared
 *       library, installed packages, graft's stand-ins for the reference's packages) and
 *       TypeScript, whose parser is {@code modules.typescript}.
 * </ul>
 *
 * Each uses only those after it: the engine uses modules and api, modules uses api, api uses only
 * the runtime. The command line names the engine and api, never modules (ArchitectureTest checks
 * both).
 *
 * <h2>Sandbox</h2>
 *
 * Contexts use {@code SandboxPolicy.CONSTRAINED}: no {@code Java}, {@code Polyglot}, {@code load},
 * {@code print} or {@code require}; no host classes, threads, processes, native access or
 * environment. The only Java a script reaches is the host functions behind the API object, {@code
 * ctx.ui} and {@code console}; every value crosses as JSON text.
 *
 * <h2>Threads</h2>
 *
 * One owner thread runs all guest code as an event loop. A host operation a script awaits (a
 * dialog, {@code graft.exec}) is a future on the Java side and a promise in the script, settled on
 * the owner thread when the future completes; callers of the engine block only on futures, and the
 * owner thread serves other scripts meanwhile. Port implementations are called on the owner thread
 * and must not call back into the engine.
 *
 * <h2>Limits</h2>
 *
 * See {@code ScriptSettings}: a run of script code that spins is interrupted (the script stays
 * loaded); a promise that never settles times out (not for commands); hitting the statement limit
 * (none unless set) or filling the heap stops the script until a reload; values handed to graft are
 * bounded in size. Every failure names the script, what it was doing, and the file and line where
 * there is one.
 */
package dev.graft.scripting;
