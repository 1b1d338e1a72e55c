package dev.graft.cli;

import dev.graft.cli.setup.AgentOptions;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
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
    spec.addOption(option(root, "verbose", "-v", "--verbose").build());
    spec.addOption(option(root, "print", "-p", "--print").build());
    spec.addOption(option(root, "mode", "--mode").defaultValue("text").build());
    spec.addOption(option(agent, "provider", "--provider").build());
    spec.addOption(option(agent, "model", "--model").build());
    spec.addOption(option(agent, "models", "--models").splitRegex(",").build());
    spec.addOption(option(agent, "thinking", "--thinking").build());
    spec.addOption(option(agent, "systemPrompt", "--system-prompt").build());
    spec.addOption(option(agent, "appendSystemPrompt", "--append-system-prompt").build());
    spec.addOption(option(agent, "tools", "--tools").splitRegex(",").build());
    spec.addOption(option(agent, "noTools", "--no-tools").build());
    spec.addOption(option(agent, "continueRecent", "-c", "--continue").build());
    spec.addOption(option(agent, "resume", "-r", "--resume").build());
    spec.addOption(option(agent, "session", "--session").build());
    spec.addOption(option(agent, "noSession", "--no-session").build());
    spec.addOption(option(agent, "cwd", "--cwd").build());
    spec.addOption(option(agent, "scriptDirs", "--scripts").build());
    spec.addOption(option(agent, "scriptFiles", "-s", "--script").build());
    spec.addOption(option(agent, "extensions", "-e", "--extension").build());
    spec.addOption(option(agent, "noScripts", "--no-scripts").build());
    spec.addOption(option(agent, "maxTokens", "--max-tokens").build());
    FieldValue prompts = new FieldValue(root, "prompts");
    spec.addPositional(
        PositionalParamSpec.builder()
            .arity("0..*")
            .type(prompts.type())
            .auxiliaryTypes(prompts.elementType())
            .getter(prompts)
            .setter(prompts)
            .initialValue(prompts.get())
            .build());
    return spec;
  }

  private static OptionSpec.Builder option(Object owner, String field, String... names) {
    FieldValue value = new FieldValue(owner, field);
    // picocli sets an option it did not see to its initial value: the field's, as for an annotation
    OptionSpec.Builder b =
        OptionSpec.builder(names)
            .type(value.type())
            .getter(value)
            .setter(value)
            .initialValue(value.get());
    return value.type() == List.class ? b.auxiliaryTypes(value.elementType()) : b;
  }

  /** A field of an options object, read and written as picocli does for an annotated one. */
  private static final class FieldValue implements IGetter, ISetter {
    private final Object owner;
    private final Field field;

    FieldValue(Object owner, String name) {
      this.owner = owner;
      try {
        this.field = owner.getClass().getDeclaredField(name);
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException(e);
      }
      field.setAccessible(true);
    }

    Class<?> type() {
      return field.getType();
    }

    Class<?> elementType() {
      return (Class<?>) ((ParameterizedType) field.getGenericType()).getActualTypeArguments()[0];
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
      try {
        return (T) field.get(owner);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T set(T value) {
      try {
        T old = (T) field.get(owner);
        field.set(owner, value);
        return old;
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
