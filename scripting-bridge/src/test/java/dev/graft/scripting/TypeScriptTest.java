package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.caoccao.javet.swc4j.Swc4j;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TypeScript scripts: types erased at load, lines kept, ./x.js reaching x.ts, errors at the .ts line. */
class TypeScriptTest {
  @TempDir Path temp;

  private static final String TYPED = """
      import type { Thing } from "./types.js";
      import { type Other, twice } from "./lib/util.js";

      interface Event {
        text: string;
        count?: number;
      }
      type Reply = { action: "transform"; text: string };

      abstract class Base<T> implements Thing {
        private readonly prefix: string = ">";
        protected label?: string;
        static made: number = 0;
        abstract name(): string;
        public wrap(s: T): string { return this.prefix + String(s); }
      }
      class Shout extends Base<string> {
        override name(): string { return "shout"; }
      }

      function pick<T>(items: T[], i: number): T | undefined;
      function pick<T>(items: T[], i: number) { return items[i]; }

      export default function (pi: any): void {
        pi.on("input", (e: Event): Reply => {
          const s = new Shout();
          const text = (e.text as string).toUpperCase()!;
          const n = pick<number>([e.count ?? 1], 0) satisfies number | undefined;
          return { action: "transform", text: s.wrap(twice(text)) + n };
        });
        pi.on("agent_start", (): never => {
          throw new Error("typed failure");
        });
        pi.on("turn_start", (): string => new Error("where").stack as string);
      }
      """;

  @Test
  void typeScriptScriptsLoadWithTheirTypesErasedAndLinesKept() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("typed.ts", TYPED);
      f.write("lib/types.ts", "export interface Thing {}\n");
      f.write("lib/util.ts", "export type Other = number;\nexport const twice = (s: string): string => s + s;\n");
      LoadReport r = f.load();
      assertThat(r.problems()).isEmpty();
      assertThat(r.loaded()).extracting(ScriptFile::name).containsExactly("typed.ts");
      HandlerOutcome.Answered a = (HandlerOutcome.Answered) f.emit("input", "{\"text\":\"hi\",\"count\":3}").get(0);
      assertThat(a.value().path("text").asText()).isEqualTo(">HIHI3");
      assertThat(ScriptFixture.messageOf(f.emit("agent_start", "{}").get(0)))
          .isEqualTo(f.dir.resolve("typed.ts") + ": agent_start handler failed: Error: typed failure (at typed.ts:32)");
      HandlerOutcome.Answered stack = (HandlerOutcome.Answered) f.emit("turn_start", "{}").get(0);
      assertThat(stack.value().asText()).contains("typed.ts:34:");
    }
  }

  @Test
  void typeScriptFilesAreDiscoveredLikeJavaScriptOnes() throws Exception {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a.mts", "export default function (pi: any) {}\n");
      f.write("b.ts", "export default function (pi: any) {}\n");
      f.write("b.test.ts", "export default [];\n");
      f.write("types.d.ts", "export interface X {}\n");
      f.write("c/index.ts", "export default function (pi: any) {}\n");
      ScriptLoader.Discovery d = ScriptLoader.discover(f.sources);
      assertThat(d.scripts()).extracting(ScriptFile::name).containsExactly("a.mts", "b.ts", "c/index.ts");
    }
  }

  @Test
  void erasingKeepsEveryLineAndColumn() throws Exception {
    String stripped = new TypeScriptStripper().strip("typed.ts", TYPED);
    assertThat(stripped.lines().count()).isEqualTo(TYPED.lines().count());
    assertThat(stripped).hasSameSizeAs(TYPED);
    assertThat(stripped.lines().toList().get(24)).isEqualTo("  pi.on(\"input\", (e       )        => {");
    assertThat(stripped).doesNotContain("interface", "private", "readonly", " as string", "satisfies", "<number>", "implements");
    assertThat(stripped).contains("class Shout extends Base         {", "static made", "function pick   (items     , i        ) {");
  }

  @Test
  void syntaxErrorsAndCodeThatNeedsGeneratingAreReportedAtTheirLine() {
    try (ScriptFixture f = new ScriptFixture(temp)) {
      f.write("a-syntax.ts", "export default function (pi: any) {\n  const x: = 1;\n}\n");
      f.write("b-enum.ts", "\n\nenum Color { Red, Green }\nexport default function (pi) {}\n");
      f.write("c-imports-bad.ts", "import { y } from './lib/broken.js';\nexport default function (pi) {}\n");
      f.write("lib/broken.ts", "export const y: number = ;\n");
      LoadReport r = f.load();
      String d = f.dir.toString();
      assertThat(r.problems()).extracting(LoadReport.Problem::message).satisfiesExactly(
          m -> assertThat(m).startsWith(d + "/a-syntax.ts: loading failed: SyntaxError: Unexpected token `=`")
              .endsWith("(at a-syntax.ts:2)"),
          m -> assertThat(m).isEqualTo(d + "/b-enum.ts: loading failed: an enum needs code generated, which graft does"
              + " not do: write it as plain JavaScript (graft only erases types) (at b-enum.ts:3)"),
          m -> assertThat(m).contains("cannot import " + d + "/lib/broken.ts: SyntaxError: ").contains("(at broken.ts:1)"));
    }
  }

  @Test
  void theStripperCachesByContent() throws Exception {
    TypeScriptStripper s = new TypeScriptStripper();
    String first = s.strip("a.ts", "let a: number = 1;\n");
    assertThat(s.strip("b.ts", "let a: number = 1;\n")).isSameAs(first);
    assertThat(TypeScriptStripper.handles("x.ts")).isTrue();
    assertThat(TypeScriptStripper.handles("x.mts")).isTrue();
    assertThat(TypeScriptStripper.handles("x.d.ts")).isFalse();
    assertThatThrownBy(() -> s.strip("c.ts", "namespace N { export const x = 1; }\n"))
        .isInstanceOf(TypeScriptStripper.TypeScriptError.class).hasMessageStartingWith("a namespace needs code generated");
  }

  /** Parses with swc and counts how often. */
  private static final class CountingErasure implements TypeScriptStripper.Erasure {
    final AtomicInteger parses = new AtomicInteger();
    private final SwcTypeEraser swc = new SwcTypeEraser();

    @Override
    public String erase(String fileName, String source) throws TypeScriptStripper.TypeScriptError {
      parses.incrementAndGet();
      return swc.erase(fileName, source);
    }
  }

  private static final String SOURCE = "export const a: number = 1;\nlet b = a as number;\n";
  private static final String ERASED = "export const a         = 1;\nlet b = a          ;\n";

  @Test
  void aSecondStripperWithTheSameCacheDirectoryReadsTheResultWithoutParsing() throws Exception {
    Path cache = temp.resolve("cache/typescript");
    CountingErasure first = new CountingErasure();
    assertThat(new TypeScriptStripper(Optional.of(cache), first).strip("a.ts", SOURCE)).isEqualTo(ERASED);
    assertThat(first.parses).hasValue(1);
    Path entry = new TypeScriptStripper(Optional.of(cache)).cacheFile("a.ts", SOURCE).orElseThrow();
    assertThat(entry.getParent()).isEqualTo(cache);
    assertThat(entry.getFileName().toString()).matches("[0-9a-f]{64}\\.js");
    assertThat(entry).hasContent(ERASED);

    CountingErasure second = new CountingErasure();
    TypeScriptStripper again = new TypeScriptStripper(Optional.of(cache), second);
    assertThat(again.strip("other-name.ts", SOURCE)).isEqualTo(ERASED);
    assertThat(second.parses).hasValue(0);

    String changed = SOURCE.replace("1", "2");
    assertThat(again.strip("a.ts", changed)).isEqualTo(ERASED.replace("1", "2"));
    assertThat(second.parses).hasValue(1);
    assertThat(again.strip("a.mts", SOURCE)).as(".mts is parsed as its own kind").isEqualTo(ERASED);
    assertThat(second.parses).hasValue(2);
    try (Stream<Path> files = Files.list(cache)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("three entries, no temporary file left").hasSize(3).allMatch(n -> n.endsWith(".js"));
    }
  }

  @Test
  void aStoredEntryIsUsedAsItIsAndACorruptOneIsParsedAgainAndRewritten() throws Exception {
    Path cache = temp.resolve("cache");
    Path entry = new TypeScriptStripper(Optional.of(cache)).cacheFile("a.ts", SOURCE).orElseThrow();
    Files.createDirectories(cache);
    // Blanks more than swc would: proof that the file, not a parse, gave the answer.
    String planted = "                           \nlet b = a          ;\n";
    Files.writeString(entry, planted);
    CountingErasure erasure = new CountingErasure();
    assertThat(new TypeScriptStripper(Optional.of(cache), erasure).strip("a.ts", SOURCE)).isEqualTo(planted);
    assertThat(erasure.parses).hasValue(0);

    for (String corrupt : new String[] {ERASED.substring(0, 20), ERASED.replace("= 1", "= 9"), "alert(1)"}) {
      Files.writeString(entry, corrupt);
      CountingErasure parsing = new CountingErasure();
      assertThat(new TypeScriptStripper(Optional.of(cache), parsing).strip("a.ts", SOURCE)).as(corrupt).isEqualTo(ERASED);
      assertThat(parsing.parses).hasValue(1);
      assertThat(entry).hasContent(ERASED);
    }
    Files.write(entry, new byte[] {(byte) 0xff, (byte) 0xfe, 'x'});
    CountingErasure unreadable = new CountingErasure();
    assertThat(new TypeScriptStripper(Optional.of(cache), unreadable).strip("a.ts", SOURCE)).isEqualTo(ERASED);
    assertThat(unreadable.parses).hasValue(1);
    assertThat(entry).hasContent(ERASED);
  }

  @Test
  void failuresAreNotCached() throws Exception {
    Path cache = temp.resolve("cache");
    String bad = "export const a: = 1;\n";
    for (int run = 0; run < 2; run++) {
      CountingErasure erasure = new CountingErasure();
      TypeScriptStripper s = new TypeScriptStripper(Optional.of(cache), erasure);
      assertThatThrownBy(() -> s.strip("bad.ts", bad)).isInstanceOf(TypeScriptStripper.TypeScriptError.class)
          .hasMessageStartingWith("SyntaxError: ");
      assertThatThrownBy(() -> s.strip("enum.ts", "enum E { A }\n")).hasMessageStartingWith("an enum needs code generated");
      assertThat(erasure.parses).hasValue(2);
    }
    assertThat(cache).doesNotExist();
  }

  @Test
  void aCacheHitLoadsNeitherTheEraserNorSwc4j() throws Exception {
    Path cache = temp.resolve("cache");
    String hit = new TypeScriptStripper(Optional.of(cache)).strip("a.ts", SOURCE);
    URL classes = TypeScriptStripper.class.getProtectionDomain().getCodeSource().getLocation();
    URL swc4j = Swc4j.class.getProtectionDomain().getCodeSource().getLocation();
    try (Isolated loader = new Isolated(new URL[] {classes, swc4j})) {
      Class<?> stripper = loader.loadClass(TypeScriptStripper.class.getName());
      Object s = stripper.getConstructor(Optional.class).newInstance(Optional.of(cache));
      assertThat(stripper.getMethod("strip", String.class, String.class).invoke(s, "a.ts", SOURCE)).isEqualTo(hit);
      assertThat(loader.loaded(TypeScriptStripper.class.getName())).isTrue();
      assertThat(loader.loaded(SwcTypeEraser.class.getName())).isFalse();
      assertThat(loader.loaded(Swc4j.class.getName())).isFalse();
    }
  }

  /** A class loader of its own, so that what a call loads can be seen. */
  private static final class Isolated extends URLClassLoader {
    Isolated(URL[] urls) {
      super(urls, ClassLoader.getPlatformClassLoader());
    }

    boolean loaded(String name) {
      return findLoadedClass(name) != null;
    }
  }

  @Test
  void theCacheVersionNamesTheSwc4jOnTheClassPath() {
    String jar = Swc4j.class.getProtectionDomain().getCodeSource().getLocation().getPath();
    String version = jar.replaceFirst(".*/swc4j-([0-9][^/]*)\\.jar$", "$1");
    assertThat(version).as(jar).matches("[0-9][0-9.]*");
    assertThat(TypeScriptStripper.CACHE_VERSION).endsWith("/swc4j-" + version);
  }
}
