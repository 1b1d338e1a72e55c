/**
 * graft's TypeScript parser: {@link dev.graft.scripting.modules.typescript.TypeScriptEraser} turns
 * a {@code .ts} module into the JavaScript tsc makes of it, every line where it was. A chain of
 * classes, each one part of the grammar (types, expressions, classes, statements, modules), is one
 * recursive-descent parser that records what to blank or add ({@code Edits}) rather than building a
 * tree. Nothing here knows of GraalJS or the rest of the bridge.
 */
package dev.graft.scripting.modules.typescript;
