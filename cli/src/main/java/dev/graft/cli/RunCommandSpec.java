package dev.graft.cli;

import static dev.graft.cli.base.OptionField.listOf;
import static dev.graft.cli.base.OptionField.option;

import dev.graft.cli.base.OptionField;
import dev.graft.cli.setup.AgentOptions;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The root command's options for a run, built without reading its annotations. picocli reads
 * {@code @Option} through Java's annotation proxies, whose classes the JVM generates at every start
 * (the AOT cache cannot hold them): 50 to 80 ms of the main thread's time before a run began. A run
 * only parses with this spec; its help, its version and every usage error come from the annotated
 * command ({@link Graft} parses again with it), so descriptions and labels are not repeated here.
 * {@code RunCommandSpecTest} checks that each option matches the annotated one (names, type, arity,
 * split, default) and parses to the same values.
 */
final class RunCommandSpec {
  private RunCommandSpec() {}

  /** The spec for {@code root}, whose {@code spec} and option mixin it sets. */
  static CommandSpec of(GraftCommand root) {
    AgentOptions agent = new AgentOptions();
    root.agentOptions = agent;
    CommandSpec spec = CommandSpec.wrapWithoutInspection(root);
    root.spec = spec;
    spec.name("graft");
    spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).initialValue(false).build());
    spec.addOption(
        OptionSpec.builder("-V", "--version").versionHelp(true).initialValue(false).build());
    spec.addOption(
        option(
                root,
                boolean.class,
                r -> r.verbose,
                (r, v) -> r.verbose = (Boolean) v,
                "-v",
                "--verbose")
            .build());
    spec.addOption(
        option(root, boolean.class, r -> r.print, (r, v) -> r.print = (Boolean) v, "-p", "--print")
            .build());
    spec.addOption(
        option(root, String.class, r -> r.mode, (r, v) -> r.mode = (String) v, "--mode")
            .defaultValue("text")
            .build());
    agent.addTo(spec);
    OptionField<GraftCommand> prompts =
        OptionField.of(root, r -> r.prompts, (r, v) -> r.prompts = listOf(v));
    spec.addPositional(
        PositionalParamSpec.builder()
            .arity("0..*")
            .type(List.class)
            .auxiliaryTypes(String.class)
            .getter(prompts)
            .setter(prompts)
            .initialValue(root.prompts)
            .build());
    return spec;
  }
}
