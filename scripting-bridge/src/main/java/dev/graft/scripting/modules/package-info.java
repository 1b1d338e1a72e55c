/**
 * What a script can import, and TypeScript. {@link ModuleFileSystem} is the only file system a
 * script context sees; {@link PackageModules} resolves bare names to installed packages and their
 * dependencies; {@link CompatModules} serves graft's stand-ins for the reference's packages; {@link
 * TypeScriptStripper} erases a {@code .ts} module's types with graft's parser ({@code
 * modules.typescript}). Nothing here knows of the engine.
 *
 * <h2>Imports</h2>
 *
 * A script imports files relative to itself ({@code import "./lib/x.js"}), anywhere under the
 * directory it was found in, files of the shared library directory as {@code import
 * "graft/lib/x.js"} (see {@link dev.graft.scripting.api.ScriptSources#libDir}), and installed
 * script packages by name with the npm packages they depend on ({@code import "team-lib"}, see
 * {@link dev.graft.scripting.api.ScriptSources#packages}). Nothing else: no Node built-ins, no
 * absolute paths or {@code file:} URLs outside those roots, no {@code ..} or symbolic link that
 * leads out of them, and only {@code .js}/{@code .mjs}/{@code .ts}/{@code .mts} files. The file
 * system is read-only and cannot be listed.
 */
package dev.graft.scripting.modules;
