package dev.graft.cli.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.constantpool.MethodRefEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module and package rules of docs/architecture.md, read from the main sources of the three
 * modules: the runtime knows nothing of GraalVM, the scripting bridge or the command line; the
 * bridge knows nothing of the command line, and its packages are layered (api, then modules, then
 * the engine); the command line names only the bridge's engine and api; and no package of any
 * module is in a cycle; and the command line writes to the session only through the agent.
 */
class ArchitectureTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  /** A reference to a graft class: its package is the lower-case part before the class name. */
  private static final Pattern GRAFT_TYPE =
      Pattern.compile("\\b(dev\\.graft(?:\\.[a-z]\\w*)+)\\.[A-Z]");

  private static final Pattern GRAAL = Pattern.compile("\\borg\\.graalvm\\.");

  /**
   * A reference to a bridge class or a bridge package's wildcard import: group 1 is the package.
   */
  private static final Pattern BRIDGE_TYPE =
      Pattern.compile("\\b(dev\\.graft\\.scripting(?:\\.[a-z]\\w*)*)\\.(?:[A-Z]|\\*)");

  /** The bridge's packages the command line may name: the engine and its api. */
  private static final Set<String> BRIDGE_FOR_CLI =
      Set.of("dev.graft.scripting", "dev.graft.scripting.api");

  private record Source(String module, Path file, String pkg, String text) {}

  private static List<Source> sources;

  @BeforeAll
  static void read() throws IOException {
    sources = new ArrayList<>();
    for (String module : List.of("runtime", "scripting-bridge", "cli")) {
      try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String text = Files.readString(f);
          Matcher m = PACKAGE.matcher(text);
          if (m.find()) {
            sources.add(new Source(module, f, m.group(1), text));
          }
        }
      }
    }
    assertThat(sources).hasSizeGreaterThan(200);
  }

  private static List<String> referencing(String module, Pattern pattern) {
    return sources.stream()
        .filter(s -> s.module().equals(module) && pattern.matcher(s.text()).find())
        .map(s -> ROOT.relativize(s.file()).toString())
        .sorted()
        .toList();
  }

  @Test
  void theRuntimeNeverReachesGraalVmTheBridgeOrTheCommandLine() {
    assertThat(referencing("runtime", GRAAL)).as("runtime files naming org.graalvm").isEmpty();
    assertThat(referencing("runtime", Pattern.compile("\\bdev\\.graft\\.(scripting|cli)\\b")))
        .as("runtime files naming the bridge or the command line")
        .isEmpty();
  }

  @Test
  void theBridgeNeverReachesTheCommandLine() {
    assertThat(referencing("scripting-bridge", Pattern.compile("\\bdev\\.graft\\.cli\\b")))
        .isEmpty();
  }

  /** The packages of the bridge that {@code text} names, wildcard imports included. */
  static Set<String> bridgePackagesNamed(String text) {
    Set<String> out = new TreeSet<>();
    Matcher m = BRIDGE_TYPE.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /**
   * Per file of {@code module} in a package {@code where} accepts, the bridge packages it names
   * that {@code allowed} refuses.
   */
  private static Map<String, Set<String>> bridgeReferences(
      String module, Predicate<String> where, Predicate<String> allowed) {
    Map<String, Set<String>> found = new TreeMap<>();
    for (Source s : sources) {
      if (s.module().equals(module) && where.test(s.pkg())) {
        Set<String> refused = new TreeSet<>(bridgePackagesNamed(s.text()));
        refused.removeIf(allowed.or(p -> p.equals(s.pkg())));
        if (!refused.isEmpty()) {
          found.put(ROOT.relativize(s.file()).toString(), refused);
        }
      }
    }
    return found;
  }

  @Test
  void theCommandLineNamesOnlyTheBridgesEngineAndApi() {
    assertThat(bridgeReferences("cli", p -> true, BRIDGE_FOR_CLI::contains))
        .as(
            "cli files naming a bridge package other than dev.graft.scripting and dev.graft.scripting.api")
        .isEmpty();
  }

  @Test
  void theBridgePackageRuleSeesEveryWayOfNamingOne() {
    assertThat(
            bridgePackagesNamed(
                """
                import dev.graft.scripting.ScriptEngine;
                import dev.graft.scripting.api.ScriptFile;
                import dev.graft.scripting.modules.*;
                var eraser = dev.graft.scripting.modules.typescript.TypeScriptEraser.class;
                """))
        .containsExactly(
            "dev.graft.scripting",
            "dev.graft.scripting.api",
            "dev.graft.scripting.modules",
            "dev.graft.scripting.modules.typescript");
  }

  @Test
  void theBridgesPackagesAreLayered() {
    assertThat(bridgeReferences("scripting-bridge", "dev.graft.scripting.api"::equals, p -> false))
        .as("api files naming the engine or the modules")
        .isEmpty();
    assertThat(
            bridgeReferences(
                "scripting-bridge",
                p -> p.startsWith("dev.graft.scripting.modules"),
                p ->
                    p.startsWith("dev.graft.scripting.modules")
                        || p.equals("dev.graft.scripting.api")))
        .as("modules files naming the engine")
        .isEmpty();
  }

  /** The graft packages that the main sources of {@code pkg} name, other than itself. */
  private static Set<String> packagesNamedBy(String pkg) {
    Set<String> out = new TreeSet<>();
    for (Source s : sources) {
      if (s.pkg().equals(pkg)) {
        Matcher m = GRAFT_TYPE.matcher(s.text());
        while (m.find()) {
          out.add(m.group(1));
        }
      }
    }
    out.remove(pkg);
    return out;
  }

  /**
   * Making a run (setup) uses the ports scripts call (host), which use script locations and trust
   * (trust).
   */
  @Test
  void theScriptSetUpPackagesAreLayered() {
    assertThat(packagesNamedBy("dev.graft.cli.host"))
        .as("host names")
        .doesNotContain("dev.graft.cli.setup")
        .contains("dev.graft.cli.trust");
    assertThat(packagesNamedBy("dev.graft.cli.trust"))
        .as("trust names")
        .doesNotContain("dev.graft.cli.setup", "dev.graft.cli.host");
  }

  @Test
  void thePackageGraphHasNoCycles() {
    Map<String, Set<String>> graph = new TreeMap<>();
    for (Source s : sources) {
      Set<String> to = graph.computeIfAbsent(s.pkg(), k -> new TreeSet<>());
      Matcher m = GRAFT_TYPE.matcher(s.text());
      while (m.find()) {
        if (!m.group(1).equals(s.pkg())) {
          to.add(m.group(1));
        }
      }
    }
    assertThat(graph)
        .as("the packages read")
        .containsKeys(
            "dev.graft.runtime.hooks",
            "dev.graft.scripting",
            "dev.graft.scripting.api",
            "dev.graft.scripting.modules",
            "dev.graft.scripting.modules.typescript",
            "dev.graft.cli",
            "dev.graft.cli.base",
            "dev.graft.cli.setup",
            "dev.graft.cli.host",
            "dev.graft.cli.trust",
            "dev.graft.cli.interactive");
    assertThat(cycles(graph))
        .as("package cycles (strongly connected components; docs/architecture.md)")
        .isEmpty();
  }

  /** The strongly connected components of more than one package (Tarjan's algorithm). */
  static List<Set<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new HashSet<>();
    List<Set<String>> out = new ArrayList<>();
    int[] counter = {0};
    for (String v : graph.keySet()) {
      if (!index.containsKey(v)) {
        connect(v, graph, index, low, stack, onStack, out, counter);
      }
    }
    return out;
  }

  private static void connect(
      String v,
      Map<String, Set<String>> graph,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<Set<String>> out,
      int[] counter) {
    index.put(v, counter[0]);
    low.put(v, counter[0]++);
    stack.push(v);
    onStack.add(v);
    for (String w : graph.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        connect(w, graph, index, low, stack, onStack, out, counter);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      Set<String> component = new TreeSet<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      if (component.size() > 1) {
        out.add(component);
      }
    }
  }

  /**
   * The session's writes the command line leaves to AgentSession: every {@code append*} method
   * (entries) and {@code sync} (forcing them to disk). Read from the compiled classes, so the
   * receiver's type is known: {@code agent.setLabel(…)} is allowed, {@code
   * session.appendLabelChange(…)} is not, however the session was reached.
   */
  @Test
  void theCommandLineWritesTheSessionOnlyThroughTheAgent() throws IOException {
    assertThat(sessionWrites(ROOT.resolve("cli/target/classes")))
        .as(
            "cli classes calling Session's writes;"
                + " go through AgentSession (docs/architecture.md)")
        .isEmpty();
  }

  /**
   * Stop reasons are read through StopReason ({@code stoppedWith}, {@code failed}), never compared
   * as text.
   */
  @Test
  void stopReasonsAreNeverComparedAsText() {
    Pattern asText =
        Pattern.compile("stopReason\\(\\)\\s*\\.\\s*(equals|contentEquals|equalsIgnoreCase)\\(");
    for (String module : List.of("runtime", "scripting-bridge", "cli")) {
      assertThat(referencing(module, asText))
          .as(module + " files comparing stopReason() with a string")
          .isEmpty();
    }
  }

  private static final String SESSION = "dev/graft/runtime/session/Session";

  /**
   * Each call to Session.append* or Session.sync in the classes under {@code classes}, as "Class ->
   * method".
   */
  static List<String> sessionWrites(Path classes) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      List<Path> classFiles = files.filter(p -> p.toString().endsWith(".class")).sorted().toList();
      assertThat(classFiles).as("classes compiled in " + classes).hasSizeGreaterThan(50);
      for (Path f : classFiles) {
        var model = ClassFile.of().parse(f);
        for (var entry : model.constantPool()) {
          if (entry instanceof MethodRefEntry m
              && m.owner().asInternalName().equals(SESSION)
              && (m.name().stringValue().startsWith("append")
                  || m.name().stringValue().equals("sync"))) {
            out.add(model.thisClass().asInternalName() + " -> " + m.name().stringValue());
          }
        }
      }
    }
    return out;
  }

  @Test
  void theSessionWriteFinderFindsAWrite() throws IOException {
    Path runtime = ROOT.resolve("runtime/target/classes");
    assertThat(sessionWrites(runtime))
        .contains("dev/graft/runtime/agent/AgentSession -> appendMessage");
  }

  @Test
  void theCycleFinderFindsACycle() {
    Map<String, Set<String>> graph =
        Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
    assertThat(cycles(graph)).containsExactly(Set.of("a", "b", "c"));
  }
}
