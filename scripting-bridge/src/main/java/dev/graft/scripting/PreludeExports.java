package dev.graft.scripting;

import java.util.Set;
import java.util.TreeSet;
import org.graalvm.polyglot.Value;

/**
 * The functions prelude.js returns to graft, looked up once per script context, each under the
 * prelude's own name for it. Which Java class calls which is in the table of contents at the top of
 * prelude.js.
 */
record PreludeExports(
    Value invoke,
    Value invokeEvent,
    Value encodeAnswer,
    Value encodeContextAnswer,
    Value contextEvent,
    Value contextMessages,
    Value decode,
    Value makeApi,
    Value makeCtx,
    Value commandCtx,
    Value watchInput,
    Value describeThrown,
    Value isNotJson,
    Value settle,
    Value fail) {

  /** The functions of {@code exports}, the prelude's return value; it must export exactly these. */
  static PreludeExports of(Value exports) {
    Set<String> names = new TreeSet<>(exports.getMemberKeys());
    Set<String> expected = new TreeSet<>();
    for (var component : PreludeExports.class.getRecordComponents()) {
      expected.add(component.getName());
    }
    if (!names.equals(expected)) {
      throw new IllegalStateException("prelude.js exports " + names + ", not " + expected);
    }
    return new PreludeExports(
        exports.getMember("invoke"),
        exports.getMember("invokeEvent"),
        exports.getMember("encodeAnswer"),
        exports.getMember("encodeContextAnswer"),
        exports.getMember("contextEvent"),
        exports.getMember("contextMessages"),
        exports.getMember("decode"),
        exports.getMember("makeApi"),
        exports.getMember("makeCtx"),
        exports.getMember("commandCtx"),
        exports.getMember("watchInput"),
        exports.getMember("describeThrown"),
        exports.getMember("isNotJson"),
        exports.getMember("settle"),
        exports.getMember("fail"));
  }
}
