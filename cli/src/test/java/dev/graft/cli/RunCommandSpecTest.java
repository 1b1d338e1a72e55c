package dev.graft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A run parses with {@link RunCommandSpec}, not the annotations: it must have the annotated
 * command's options, each parsed the same way, so that an option added to the annotations and not
 * there fails here.
 */
class RunCommandSpecTest {
  @TempDir Path home;

  private CliContext context() {
    return context(new StringWriter());
  }

  /** A context whose output and errors both go to {@code out}. */
  private CliContext context(StringWriter out) {
    PrintWriter sink = new PrintWriter(out, true);
    return new CliContext(Map.of(), new GraftHome(home), home, sink, sink, Clock.systemUTC());
  }

  /** Runs graft once per argument in a fresh context, everything printed going to {@code out}. */
  private void runEach(StringWriter out, String... args) {
    for (String arg : args) {
      assertThat(Graft.run(context(out), new String[] {arg})).isZero();
    }
  }

  private CommandSpec annotated() {
    return new CommandLine(new GraftCommand(context())).getCommandSpec();
  }

  private CommandSpec run() {
    return new CommandLine(RunCommandSpec.of(new GraftCommand(context()))).getCommandSpec();
  }

  /** What decides how an option parses, by its longest name. */
  private static Map<String, String> parsing(CommandSpec spec) {
    Map<String, String> m = new LinkedHashMap<>();
    for (OptionSpec o : spec.options()) {
      m.put(
          o.longestName(),
          String.join(",", o.names())
              + " type="
              + o.type().getName()
              + " aux="
              + Arrays.toString(o.auxiliaryTypes())
              + " arity="
              + o.arity()
              + " split="
              + o.splitRegex()
              + " default="
              + o.defaultValue()
              + " help="
              + o.usageHelp()
              + "/"
              + o.versionHelp()
              + " required="
              + o.required()
              + " negatable="
              + o.negatable());
    }
    spec.positionalParameters()
        .forEach(p ->
            m.put(
                "positional " + p.index(),
                "type="
                    + p.type().getName()
                    + " aux="
                    + Arrays.toString(p.auxiliaryTypes())
                    + " arity="
                    + p.arity()
                    + " default="
                    + p.defaultValue()));
    return m;
  }

  @Test
  void hasTheAnnotatedOptionsParsedTheSameWay() {
    Map<String, String> annotated = parsing(annotated());
    assertThat(annotated).containsKeys("--print", "--mode", "--max-tokens", "--help", "--version");
    assertThat(parsing(run())).containsExactlyInAnyOrderEntriesOf(annotated);
  }

  /** The values every option and positional parameter has after parsing {@code args}. */
  private static Map<String, String> parsed(CommandSpec spec, String... args) {
    spec.commandLine().setExpandAtFiles(false);
    spec.commandLine().parseArgs(args);
    List<ArgSpec> all = spec.args();
    return all.stream()
        .collect(
            Collectors.toMap(
                a -> a instanceof OptionSpec o ? o.longestName() : "positional",
                a -> String.valueOf((Object) a.getValue()),
                (a, b) -> a,
                LinkedHashMap::new));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "-p hello world",
        "-pv --mode=json --max-tokens 12 -c prompt",
        "--mode rpc --provider bench --model fake-model --thinking high",
        "--models a,b --models c --tools read,bash --no-tools -r --session s.jsonl",
        "--no-session --cwd /tmp --scripts d1 --scripts d2 -s a.js --script b.ts -e npm:x -e y",
        "--no-scripts --system-prompt S --append-system-prompt A -- -p --mode",
        "-p @notes.txt @image.png say"
      })
  void parsesToTheSameValuesAsTheAnnotatedCommand(String line) {
    String[] args = line.isEmpty() ? new String[0] : line.split(" ");
    assertThat(parsed(run(), args)).isEqualTo(parsed(annotated(), args));
  }

  @Test
  void helpAndVersionAreTheAnnotatedCommands() {
    StringWriter viaRun = new StringWriter();
    StringWriter viaAll = new StringWriter();
    runEach(viaRun, "-ph", "-pV");
    runEach(viaAll, "--help", "--version");
    assertThat(viaRun.toString()).contains("Usage: graft").contains("--max-tokens=N");
    assertThat(viaRun.toString()).isEqualTo(viaAll.toString());
  }
}
