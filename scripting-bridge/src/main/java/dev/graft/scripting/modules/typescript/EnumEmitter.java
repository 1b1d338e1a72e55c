package dev.graft.scripting.modules.typescript;

import dev.graft.scripting.modules.typescript.EnumEvaluator.Kind;
import dev.graft.scripting.modules.typescript.EnumEvaluator.Value;
import dev.graft.scripting.modules.typescript.EnumFacts.Declaration;
import dev.graft.scripting.modules.typescript.EnumFacts.Member;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes every enum of a file as tsc does, once the whole file is read: an object filled by a
 * function, each member under its name and, unless tsc knows its value is a string, that value
 * mapped back to the name. A member's initialiser stays where it is (its line stays exact); an
 * identifier in it that names a member of the enum, in any of its declarations, reads that member
 * ({@code E["A"]}), as tsc writes it, so an outer {@code const A} never stands in for it. What tsc
 * knows at compile time ({@link EnumEvaluator}: whether a value is a number, a string or unknown)
 * decides the reverse mapping and the value of a member without initialiser. Where tsc's output
 * would hold a value graft cannot reproduce (a member named before it is declared, a constant tsc
 * evaluates, a member of a declared enum), the file is refused with the line.
 */
final class EnumEmitter {
  private static final Set<String> GLOBAL_NUMBERS = Set.of("NaN", "Infinity");

  private final String src;
  private final EnumFacts facts;
  private final Edits edits;
  private final Map<Integer, Integer> spans = new HashMap<>();
  private final Map<Member, Value> values = new IdentityHashMap<>();
  private final Map<Member, Declaration> owners = new IdentityHashMap<>();

  private EnumEmitter(String src, EnumFacts facts, Edits edits) {
    this.src = src;
    this.facts = facts;
    this.edits = edits;
    for (int[] s : facts.spans) {
      spans.merge(s[0], s[1], Math::max);
    }
    for (Declaration d : facts.declarations) {
      for (Member m : d.members) {
        owners.put(m, d);
      }
    }
  }

  /**
   * Writes the enums {@code facts} holds into {@code edits}; a refusal names the line graft cannot
   * write as tsc does.
   */
  static void emit(String src, EnumFacts facts, Edits edits) throws ParseFailure {
    new EnumEmitter(src, facts, edits).emitAll();
  }

  private void emitAll() throws ParseFailure {
    for (Declaration d : facts.declarations) {
      write(d);
    }
  }

  /** The declarations that are one enum with {@code d}: its name, in its scope. */
  private List<Declaration> group(Declaration d) {
    return facts.declarations.stream()
        .filter(o -> o.name.equals(d.name) && o.scope() == d.scope())
        .toList();
  }

  private Optional<Member> memberNamed(List<Declaration> group, String name) {
    for (Declaration d : group) {
      for (Member m : d.members) {
        if (name.equals(m.name())) {
          return Optional.of(m);
        }
      }
    }
    return Optional.empty();
  }

  private void write(Declaration d) throws ParseFailure {
    List<Declaration> group = group(d);
    String p = d.name;
    Member proto =
        d.members.stream().filter(m -> "__proto__".equals(m.name())).findFirst().orElse(null);
    String temp = proto == null ? null : fresh(p + "_proto");
    Member previous = null;
    List<Runnable> writes = new ArrayList<>();
    for (Member m : d.members) {
      Member before = previous;
      previous = m;
      if (m.valueStart() < 0) {
        Value v =
            before == null || values.get(before).kind() == Kind.NUMBER ? Value.NUMBER : Value.NONE;
        values.put(m, v);
        String value =
            before == null
                ? "0"
                : v.kind() == Kind.NUMBER ? read(p, before, proto, temp) + " + 1" : "void 0";
        writes.add(() -> {
          edits.blank(m.start(), m.commaEnd());
          edits.insert(
              m.start(), p + "[" + p + "[" + m.key() + "] = " + value + "] = " + m.key() + ";");
        });
        continue;
      }
      Evaluation e;
      try {
        e = evaluate(m, group);
      } catch (ParseFailure f) {
        if (!d.ambient) {
          throw f;
        }
        // A declared enum is erased: what graft cannot follow in it matters only where it is read.
        e = new Evaluation(Value.NONE, List.of());
      }
      values.put(m, e.value());
      List<int[]> substitutions = new ArrayList<>();
      List<Member> targets = new ArrayList<>();
      if (e.value().known()) {
        for (Map.Entry<int[], Member> r : e.memberReads()) {
          substitutions.add(r.getKey());
          targets.add(r.getValue());
        }
      } else {
        for (EnumFacts.Ref r : refsIn(m)) {
          Optional<Member> target = memberNamed(group, r.name());
          if (target.isPresent() && !shadowed(r, d)) {
            substitutions.add(new int[] {r.start(), r.end()});
            targets.add(target.get());
          }
        }
      }
      boolean mapped = !(e.value().kind() == Kind.STRING || e.value().syntacticallyString());
      boolean known = e.value().known();
      writes.add(() -> {
        edits.blank(m.start(), m.valueStart());
        edits.insert(
            m.valueStart(),
            (mapped ? p + "[" : "")
                + p
                + "["
                + m.key()
                + "] = "
                + (m == proto ? temp + " = " : "")
                + "(");
        for (int i = 0; i < substitutions.size(); i++) {
          int[] at = substitutions.get(i);
          Member target = targets.get(i);
          edits.blank(at[0], at[1]);
          edits.insert(at[0], known && target == proto ? temp : p + "[" + target.key() + "]");
        }
        edits.insert(m.valueEnd(), ")" + (mapped ? "] = " + m.key() : "") + ";");
        edits.blank(m.valueEnd(), m.commaEnd());
      });
    }
    if (d.ambient) {
      return;
    }
    boolean first = group.getFirst() == d;
    String declare = !first ? "" : d.scopes.size() == 1 ? "var " + p + ";" : "let " + p + ";";
    // A later declaration of the same enum adds to the object the first made (and exported).
    edits.blank(first ? d.keyword : d.from, d.open);
    edits.insert(
        d.keyword, declare + "(function (" + p + ") {" + (temp == null ? "" : "let " + temp + ";"));
    writes.forEach(Runnable::run);
    edits.blank(d.close, d.close + 1);
    edits.insert(d.close, "})(" + p + " || (" + p + " = {}));");
  }

  /**
   * How the member before an automatic one is read: its temporary for {@code __proto__}, which an
   * object cannot hold.
   */
  private static String read(String p, Member m, Member proto, String temp) {
    return m == proto ? temp : p + "[" + m.key() + "]";
  }

  /** A name no part of the file uses. */
  private String fresh(String base) {
    String name = base;
    for (int i = 1; src.contains(name); i++) {
      name = base + "_" + i;
    }
    return name;
  }

  private List<EnumFacts.Ref> refsIn(Member m) {
    return facts.refs.stream()
        .filter(r -> r.start() >= m.valueStart() && r.end() <= m.valueEnd())
        .toList();
  }

  /**
   * Whether {@code r} reads a name bound inside the initialiser (a parameter, a local of a function
   * in it) rather than the member: tsc looks a name up from the innermost scope out, and the enum's
   * members come only after every scope inside the initialiser.
   */
  private boolean shadowed(EnumFacts.Ref r, Declaration d) {
    for (EnumFacts.Binding b : facts.bindings) {
      if (b.name().equals(r.name())
          && r.scopes().contains(b.scope())
          && !d.scopes.contains(b.scope())) {
        return true;
      }
    }
    return false;
  }

  /** What tsc knows of a member's value, and the identifiers in it that read members. */
  private record Evaluation(Value value, List<Map.Entry<int[], Member>> memberReads) {}

  /** Why graft cannot reproduce what tsc makes of a name, and where. */
  private record Doubt(int at, String why) {}

  private Evaluation evaluate(Member m, List<Declaration> group) throws ParseFailure {
    Declaration d = owners.get(m);
    Evaluation result = null;
    for (Value guess : List.of(Value.NUMBER, Value.STRING, Value.NONE)) {
      Resolver resolver = new Resolver(m, group, d.scopes, m.start(), guess);
      Value v = evaluate(m.valueState(), m.valueStart(), m.valueEnd(), resolver);
      if (v.known() && resolver.forward != null) {
        throw ParseFailure.refusal(resolver.forward.at(), resolver.forward.why());
      }
      if (result != null && !result.value().equals(v)) {
        throw ParseFailure.refusal(resolver.doubt.at(), resolver.doubt.why());
      }
      result = new Evaluation(v, resolver.memberReads);
      if (resolver.doubt == null) {
        break;
      }
    }
    return result;
  }

  private Value evaluate(Scanner.State state, int start, int end, Resolver resolver)
      throws ParseFailure {
    try {
      return EnumEvaluator.evaluate(src, state, end, spans, resolver);
    } catch (EnumEvaluator.Unreadable u) {
      throw ParseFailure.refusal(
          start,
          "graft cannot tell what tsc makes of this enum member's value; write it more"
              + " simply");
    }
  }

  /** The constants being evaluated: a constant that reads itself has no value for tsc. */
  private final List<EnumFacts.Binding> evaluating = new ArrayList<>();

  /**
   * Names as tsc resolves them where {@code position} is (in {@code scopes}): in member {@code
   * member}'s initialiser, or (member null) in a constant's value an initialiser reads. A name
   * graft cannot follow counts as {@code guess}, and is noted as a doubt.
   */
  private final class Resolver implements EnumEvaluator.Names {
    private final Member member;
    private final List<Declaration> group;
    private final List<Integer> scopes;
    private final int position;
    private final Value guess;
    final List<Map.Entry<int[], Member>> memberReads = new ArrayList<>();
    Doubt forward;
    Doubt doubt;

    Resolver(
        Member member, List<Declaration> group, List<Integer> scopes, int position, Value guess) {
      this.member = member;
      this.group = group;
      this.scopes = scopes;
      this.position = position;
      this.guess = guess;
    }

    private Value doubt(int at, String why) {
      if (doubt == null) {
        doubt = new Doubt(at, why);
      }
      return guess;
    }

    /**
     * A member read from here: its value as tsc has it; 0 when declared after (a forward read,
     * refused where it counts).
     */
    private Value member(Member target, int at, String spelled) {
      if (target == member) {
        return Value.NONE;
      }
      if (target.start() > position && deferred(owners.get(target).scope())) {
        // Read from inside a function, so declared before for tsc; but graft has not got to it.
        return doubt(
            at,
            "an enum member's value reads "
                + spelled
                + ", a member of an enum declared further down:"
                + " tsc computes it there and graft does not; declare that enum first");
      }
      if (target.start() > position) {
        if (forward == null) {
          forward =
              new Doubt(
                  at,
                  "an enum member's value reads "
                      + spelled
                      + ", a member declared after it: tsc gives"
                      + " it the value 0 there; declare "
                      + spelled
                      + " first");
        }
        return Value.NUMBER;
      }
      return values.getOrDefault(target, Value.NONE);
    }

    @Override
    public Value identifier(String name, int start, int end) {
      Optional<Member> target = member == null ? Optional.empty() : memberNamed(group, name);
      if (target.isPresent()) {
        Member t = target.get();
        if ("__proto__".equals(name)
            && owners.get(t) != owners.get(member)
            && t.start() < position) {
          return doubt(
              start,
              "an enum member's value reads __proto__, a member of another declaration of the enum,"
                  + " which an object cannot hold: write its value");
        }
        memberReads.add(Map.entry(new int[] {start, end}, t));
        return member(t, start, name);
      }
      Optional<EnumFacts.Binding> bound = visible(name);
      if (bound.isEmpty()) {
        return GLOBAL_NUMBERS.contains(name) ? Value.NUMBER : Value.NONE;
      }
      EnumFacts.Binding b = bound.get();
      if (b.kind() != EnumFacts.Kind.CONST
          || b.value() == null
          || b.at() > position && !deferred(b.scope())
          || evaluating.contains(b)) {
        return Value.NONE;
      }
      // tsc evaluates a constant declared before: with its own scopes, where it is.
      evaluating.add(b);
      try {
        Resolver inner = new Resolver(null, List.of(), b.scopes(), b.at(), guess);
        Value v = evaluate(b.value().state(), b.value().start(), b.value().end(), inner);
        if (inner.doubt != null) {
          doubt(start, inner.doubt.why());
        }
        if (inner.forward != null && forward == null) {
          forward = inner.forward;
        }
        return v;
      } catch (ParseFailure f) {
        return doubt(
            start,
            "an enum member's value reads the constant "
                + name
                + ", whose value graft cannot follow:"
                + " write the value");
      } finally {
        evaluating.remove(b);
      }
    }

    /**
     * Whether this place is inside a function that lies within {@code scope}: tsc counts what that
     * scope declares further down as declared before (the function runs later).
     */
    private boolean deferred(int scope) {
      int from = scopes.indexOf(scope);
      return from >= 0
          && scopes.subList(from + 1, scopes.size()).stream()
              .anyMatch(facts.allFunctionScopes::contains);
    }

    /** The innermost binding of {@code name} that this place sees, if any. */
    private Optional<EnumFacts.Binding> visible(String name) {
      EnumFacts.Binding best = null;
      for (EnumFacts.Binding b : facts.bindings) {
        if (b.name().equals(name)
            && scopes.contains(b.scope())
            && (best == null || scopes.indexOf(b.scope()) > scopes.indexOf(best.scope()))) {
          best = b;
        }
      }
      return Optional.ofNullable(best);
    }

    @Override
    public Value entity(List<String> names, int start) {
      Optional<List<Declaration>> target = enumNamed(names.getFirst(), start);
      if (target == null) {
        return guess;
      }
      if (target.isEmpty() || names.size() > 2) {
        return Value.NONE;
      }
      return memberOf(target.get(), names.get(1), start, String.join(".", names));
    }

    @Override
    public Value element(List<String> names, String key, int start) {
      if (names.size() > 1 || member != null && memberNamed(group, names.getFirst()).isPresent()) {
        // tsc reads the object as a value: a member, or what a namespace holds.
        return names.size() > 1 && isNamespace(names.getFirst())
            ? doubt(
                start,
                "an enum member's value reads "
                    + String.join(".", names)
                    + " of a namespace: write the value")
            : Value.NONE;
      }
      Optional<List<Declaration>> target = enumNamed(names.getFirst(), start);
      if (target == null) {
        return guess;
      }
      return target.isEmpty()
          ? Value.NONE
          : memberOf(target.get(), key, start, names.getFirst() + "[\"" + key + "\"]");
    }

    private Value memberOf(List<Declaration> target, String name, int start, String spelled) {
      if (target.stream().anyMatch(d -> d.ambient)) {
        return doubt(
            start,
            "an enum member's value reads "
                + spelled
                + " of a declared enum, which has no object when"
                + " the file runs: write the value");
      }
      Optional<Member> m = memberNamed(target, name);
      if (m.isEmpty()) {
        return Value.NONE;
      }
      if ("__proto__".equals(name)) {
        return doubt(
            start,
            "an enum member's value reads "
                + spelled
                + ", which an object cannot hold: write the value");
      }
      return member(m.get(), start, spelled);
    }

    /**
     * The enum {@code name} stands for here as tsc resolves a namespace name (members are not
     * namespaces), empty when it is no enum, null (a doubt noted) when graft cannot tell.
     */
    private Optional<List<Declaration>> enumNamed(String name, int at) {
      List<Declaration> visible =
          facts.declarations.stream()
              .filter(d -> d.name.equals(name) && scopes.contains(d.scope()))
              .toList();
      boolean other =
          facts.bindings.stream()
              .anyMatch(b -> b.name().equals(name) && b.kind() != EnumFacts.Kind.ENUM);
      if (visible.isEmpty()) {
        if (isNamespace(name)) {
          doubt(at, "an enum member's value reads " + name + " of a namespace: write the value");
          return null;
        }
        return Optional.empty();
      }
      if (other) {
        doubt(
            at,
            "an enum member's value reads "
                + name
                + ", which this file declares as an enum and as something"
                + " else: write the value");
        return null;
      }
      int innermost = visible.stream().mapToInt(d -> scopes.indexOf(d.scope())).max().orElseThrow();
      int scope = scopes.get(innermost);
      return Optional.of(visible.stream().filter(d -> d.scope() == scope).toList());
    }

    private boolean isNamespace(String name) {
      return facts.bindings.stream()
          .anyMatch(b -> b.name().equals(name) && b.kind() == EnumFacts.Kind.NAMESPACE);
    }
  }
}
