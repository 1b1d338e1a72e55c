package dev.graft.runtime.tools;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in tools, by name. The reference agent's default set ({@link #DEFAULT_ACTIVE}: read,
 * bash, edit, write) is what a session gives the model unless told otherwise; grep, find and ls can
 * be switched on. Make one instance per session: its write and edit tools share the lock that keeps
 * two changes to one file from overwriting each other.
 */
public final class BuiltinTools {
  /** Every built-in tool, in the reference's order. */
  public static final List<String> NAMES =
      List.of("read", "bash", "edit", "write", "grep", "find", "ls");

  /** The tools active when nothing else is configured. */
  public static final List<String> DEFAULT_ACTIVE = List.of("read", "bash", "edit", "write");

  private final Map<String, Tool> tools = new LinkedHashMap<>();
  private final BashOperations shell;
  private final Path tempDir;

  BuiltinTools(
      PathResolver paths,
      LocalFiles files,
      ImageFitter images,
      BashOperations shell,
      Path tempDir,
      SearchOperations tree) {
    this.shell = shell;
    this.tempDir = tempDir;
    FileMutationLocks locks = new FileMutationLocks();
    add(new ReadTool(paths, files, images));
    add(new BashTool(shell, tempDir));
    add(new EditTool(paths, files, locks));
    add(new WriteTool(paths, files, locks));
    add(new GrepTool(paths, tree));
    add(new FindTool(paths, tree));
    add(new LsTool(paths, files));
  }

  /**
   * The tools on this machine: local files, bash, the user's home for {@code ~}; bash gets no API
   * keys.
   */
  public static BuiltinTools create() {
    return create(false);
  }

  /**
   * {@link #create()}, with bash's commands getting the API keys when {@code bashPassesApiKeys}.
   */
  public static BuiltinTools create(boolean bashPassesApiKeys) {
    return new BuiltinTools(
        PathResolver.ofUserHome(),
        new LocalFiles(),
        new ScalingImageFitter(),
        LocalShell.detect(bashPassesApiKeys),
        Path.of(System.getProperty("java.io.tmpdir")),
        new LocalFileTree());
  }

  private void add(Tool tool) {
    tools.put(tool.name(), tool);
  }

  public Optional<Tool> get(String name) {
    return Optional.ofNullable(tools.get(name));
  }

  /**
   * The bash tool with {@code variables} added to (or replacing those of) its commands'
   * environment: what a script's {@code spawnHook} asked for.
   */
  public Tool bashWithVariables(Map<String, String> variables) {
    return variables.isEmpty()
        ? tools.get("bash")
        : new BashTool(shell.withVariables(variables), tempDir);
  }

  /** All built-in tools, in {@link #NAMES} order. */
  public List<Tool> all() {
    return List.copyOf(tools.values());
  }

  public List<Tool> defaultActive() {
    return select(DEFAULT_ACTIVE);
  }

  /** The named tools, in the order given; an unknown name is a mistake in the caller's setup. */
  public List<Tool> select(Collection<String> names) {
    List<Tool> selected = new ArrayList<>();
    for (String name : names) {
      Tool tool = tools.get(name);
      if (tool == null) {
        throw new IllegalArgumentException(
            "Unknown tool name: " + name + " (built-in tools: " + String.join(", ", NAMES) + ")");
      }
      selected.add(tool);
    }
    return List.copyOf(selected);
  }
}
