package dev.graft.cli.interactive;

import dev.graft.cli.base.UnreadEntries;
import dev.graft.cli.export.EntryPreview;
import dev.graft.cli.ui.Choice;
import dev.graft.cli.ui.DialogOptions;
import dev.graft.cli.ui.HookUi;
import dev.graft.runtime.agent.AgentSession;
import dev.graft.runtime.compaction.TokenEstimate;
import dev.graft.runtime.hooks.ScriptText;
import dev.graft.runtime.llm.ModelRegistry;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.session.Session;
import dev.graft.runtime.session.SessionContext;
import dev.graft.runtime.session.SessionEntry;
import dev.graft.runtime.session.SessionSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/** The commands that change which session (or which name and labels) graft works in. */
final class SessionCommands {
  private SessionCommands() {}

  /**
   * {@code /new}: an empty session in the same directory; its file appears with the first message.
   */
  static void newSession(CommandContext ctx, String args) {
    if (!ctx.agent().newSession()) {
      ctx.info("A script's session_before_switch hook cancelled the new session.");
      return;
    }
    ctx.showConversation();
    ctx.info("New session started.");
  }

  /** {@code /resume}: pick a session of this directory (newest first) and continue it. */
  static void resume(CommandContext ctx, String args) throws Exception {
    pickAndResume(ctx);
  }

  /** How {@link #pickAndResume} ended. */
  enum Picked {
    /** A session was chosen (or a switch tried and said why not). */
    CHOSEN,
    /** The picker was left without a choice (Esc, an empty line, the end of input). */
    LEFT,
    /** There was no other session to pick from; a line said so. */
    NONE
  }

  /**
   * What {@link #resume} does. Leaving the picker, or finding nothing to pick, ends graft when
   * {@code -r} asked for it.
   */
  static Picked pickAndResume(CommandContext ctx) throws Exception {
    Session session = ctx.agent().session();
    // the session's own folder, as the reference's; another one than the cwd's after --session PATH
    Path folder = session.directory().orElseGet(() -> ctx.sessions().directoryFor(session.cwd()));
    Optional<Path> currentFile = session.file();
    List<SessionSummary> here = others(ctx.sessions().listIn(folder), currentFile);
    List<SessionSummary> all = others(ctx.sessions().listAll(), currentFile);
    if (here.isEmpty() && all.isEmpty()) {
      ctx.info(
          "No other session in "
              + (folder.equals(ctx.sessions().directoryFor(session.cwd())) ? session.cwd() : folder)
              + " or any other folder.");
      return Picked.NONE;
    }
    here = ctx.sessions().listIn(folder);
    all = ctx.sessions().listAll();
    Instant now = Instant.now();
    List<List<SessionSummary>> lists = List.of(here, all);
    List<HookUi.PickView> views =
        List.of(
            new HookUi.PickView(
                "Resume a session",
                choices(here, currentFile, now, false),
                "No sessions in current folder. Press Tab to view all."),
            new HookUi.PickView(
                "Resume a session (all folders)",
                choices(all, currentFile, now, true),
                "No sessions."));
    Optional<HookUi.ViewPick> picked =
        ctx.ui().pickInViews(views, 0, DialogOptions.BUILT_IN).join();
    if (picked.isEmpty()) {
      return Picked.LEFT;
    }
    SessionSummary chosen = lists.get(picked.get().view()).get(picked.get().index());
    if (currentFile.filter(f -> f.equals(chosen.path())).isPresent()) {
      ctx.info("Already in this session.");
      return Picked.CHOSEN;
    }
    if (!switchTo(ctx, chosen.path())) {
      ctx.info("A script's session_before_switch hook cancelled the switch.");
      return Picked.CHOSEN;
    }
    ctx.showConversation();
    ctx.info(
        "Resumed "
            + chosen.name().map(n -> "\"" + ScriptText.safeLine(n) + "\"").orElse("the session")
            + " ("
            + chosen.path().getFileName()
            + ").");
    String started = chosen.cwd();
    Path working = ctx.agent().cwd();
    if (!started.isEmpty() && !Path.of(started).equals(working)) {
      // as with --session: the tools go on working where graft was started
      ctx.warn(
          "It was started in "
              + started
              + (Files.isDirectory(Path.of(started))
                  ? "; working in " + working + " (graft --cwd " + started + " works there)"
                  : ", which no longer exists; working in " + working));
    }
    return Picked.CHOSEN;
  }

  /** The sessions other than the one in {@code current}. */
  private static List<SessionSummary> others(
      List<SessionSummary> sessions, Optional<Path> current) {
    return sessions.stream()
        .filter(s -> current.filter(f -> f.equals(s.path())).isEmpty())
        .toList();
  }

  /**
   * The picker's rows: the name or first message, then age, messages and (in the all-folders list)
   * the folder the session was started in.
   */
  private static List<Choice> choices(
      List<SessionSummary> sessions, Optional<Path> currentFile, Instant now, boolean withCwd) {
    List<Choice> choices = new ArrayList<>();
    for (SessionSummary s : sessions) {
      String title =
          s.name()
              .map(ScriptText::safeLine)
              .orElse(
                  s.firstMessage().isBlank()
                      ? "(no messages)"
                      : EntryPreview.clip(s.firstMessage()));
      boolean current = currentFile.filter(f -> f.equals(s.path())).isPresent();
      String detail =
          (withCwd && !s.cwd().isEmpty() ? ScriptText.safeLine(s.cwd()) + " · " : "")
              + age(s.modified(), now)
              + " · "
              + s.messageCount()
              + " messages"
              + (s.name().isPresent()
                      && !s.firstMessage().isBlank()
                      && !EntryPreview.clip(s.firstMessage()).equals(title.strip())
                  ? " · " + EntryPreview.clip(s.firstMessage())
                  : "")
              + (current ? " · current" : "");
      choices.add(new Choice(title, detail));
    }
    return choices;
  }

  /**
   * Switches to {@code file} (false when a hook cancelled it); when another graft process has it,
   * the current session is kept and the exception says why.
   */
  static boolean switchTo(CommandContext ctx, Path file) throws Exception {
    AgentSession agent = ctx.agent();
    if (!agent.switchSession(file)) {
      return false;
    }
    adoptSettings(ctx, agent, agent.session().buildContext());
    UnreadEntries.warnings(agent.session(), ctx.scripts().files()).forEach(ctx::warn);
    return true;
  }

  /** Takes the resumed session's thinking level, and its model when that one can be used. */
  private static void adoptSettings(
      CommandContext ctx, AgentSession agent, SessionContext context) {
    ThinkingLevel.parse(context.thinkingLevel()).ifPresent(agent::restoreThinking);
    context
        .model()
        .ifPresent(ref -> {
          if (ref.provider().equals(agent.model().provider())
              && ref.modelId().equals(agent.model().id())) {
            return;
          }
          ModelRegistry models = ctx.models();
          models
              .find(ref.provider(), ref.modelId())
              .filter(m ->
                  models.listModels().stream().anyMatch(l -> l.model().equals(m) && l.usable()))
              .ifPresent(m -> agent.setModel(m, models.provider(m), "restore"));
        });
  }

  /**
   * {@code /fork}: pick an earlier user message; a new session holds what came before it, its text
   * goes to the editor.
   */
  static void fork(CommandContext ctx, String args) throws Exception {
    Session session = ctx.agent().session();
    List<SessionEntry> users = new ArrayList<>();
    for (SessionEntry e : session.messageEntries("user")) {
      if (e instanceof SessionEntry.Message m
          && m.message() instanceof AgentMessage.User u
          && !u.content().text("").isBlank()) {
        users.add(e);
      }
    }
    if (users.isEmpty()) {
      ctx.info("No message to fork from yet.");
      return;
    }
    List<Choice> choices =
        users.stream().map(e -> Choice.withId(EntryPreview.clip(userText(e)), e.id())).toList();
    OptionalInt picked =
        ctx.ui()
            .pick(
                "Fork from which message? (a new session gets what came before it)",
                choices,
                choices.size() - 1,
                DialogOptions.BUILT_IN)
            .join();
    if (picked.isEmpty()) {
      return;
    }
    SessionEntry entry = users.get(picked.getAsInt());
    AgentSession.ForkResult forked = ctx.agent().fork(entry.id());
    if (forked.cancelled()) {
      ctx.info("A script's session_before_fork hook cancelled the fork.");
      return;
    }
    ctx.setEditorText(forked.selectedText().orElse(userText(entry)));
    ctx.showConversation();
    ctx.info(
        "Forked into a new session"
            + forked.file().map(f -> " (" + f.getFileName() + ")").orElse("")
            + "; the message is in the editor.");
  }

  private static String userText(SessionEntry entry) {
    return ((AgentMessage.User) ((SessionEntry.Message) entry).message()).content().text("");
  }

  /** {@code /name [name]}: names the session (asks when no name is given). */
  static void name(CommandContext ctx, String args) {
    Session session = ctx.agent().session();
    String name = args;
    if (name.isBlank()) {
      Optional<String> typed =
          ctx.ui()
              .input(
                  "Session name",
                  "a name to find it by in /resume",
                  session.name().orElse(""),
                  DialogOptions.BUILT_IN)
              .join();
      if (typed.isEmpty() || typed.get().isBlank()) {
        ctx.info(
            session
                .name()
                .map(n -> "The session is named \"" + ScriptText.safeLine(n) + "\".")
                .orElse("The session has no name."));
        return;
      }
      name = typed.get();
    }
    ctx.agent().setSessionName(name.strip());
    ctx.info("Session named \"" + name.strip() + "\".");
  }

  /**
   * {@code /label [text]}: labels the latest entry of the current path; no text clears its label.
   */
  static void label(CommandContext ctx, String args) {
    Session session = ctx.agent().session();
    List<SessionEntry> path = session.branchPath();
    Optional<SessionEntry> target = Optional.empty();
    for (int i = path.size() - 1; i >= 0 && target.isEmpty(); i--) {
      if (TreeChoices.shown(path.get(i), true)) {
        target = Optional.of(path.get(i));
      }
    }
    if (target.isEmpty()) {
      ctx.info("Nothing to label yet.");
      return;
    }
    String id = target.get().id();
    ctx.agent().setLabel(id, Optional.of(args.strip()));
    ctx.info(
        args.isBlank()
            ? "Label of " + id + " cleared."
            : "Labelled " + EntryPreview.of(target.get()) + " [" + args.strip() + "].");
  }

  /** {@code /session}: the file, ids, message counts, tokens and cost of the current path. */
  static void info(CommandContext ctx, String args) {
    AgentSession agent = ctx.agent();
    Session session = agent.session();
    SessionStats stats = SessionStats.of(session.buildContext().messages());
    long contextTokens = TokenEstimate.ofContext(session.buildContext().messages()).tokens();
    var u = stats.usage();
    List<String> lines = new ArrayList<>();
    session.name().ifPresent(n -> lines.add("Name:      " + ScriptText.safeLine(n)));
    lines.add(
        "File:      "
            + session.file().filter(Files::exists).map(Path::toString).orElse("(not written yet)"));
    lines.add("Id:        " + session.id());
    lines.add("Directory: " + session.cwd());
    lines.add(
        "Model:     "
            + agent.model().qualifiedId()
            + " (thinking "
            + agent.thinking().wire()
            + ")");
    lines.add(
        String.format(
            Locale.ROOT,
            "Messages:  %d user, %d assistant, %d tool calls, %d tool results, %d shell; %d in all",
            stats.user(),
            stats.assistant(),
            stats.toolCalls(),
            stats.toolResults(),
            stats.shell(),
            stats.total()));
    lines.add(
        String.format(
            Locale.ROOT,
            "Tokens:    %,d in, %,d out, %,d cache read, %,d cache write",
            u.input(),
            u.output(),
            u.cacheRead(),
            u.cacheWrite()));
    lines.add(
        String.format(
            Locale.ROOT,
            "Context:   %,d of %,d tokens",
            contextTokens,
            agent.model().contextWindow()));
    lines.add(String.format(Locale.ROOT, "Cost:      $%.4f", u.cost().total()));
    lines.add("(counts, tokens and cost are those of the current branch)");
    lines.forEach(ctx::info);
  }

  static String age(Instant then, Instant now) {
    Duration d = Duration.between(then, now);
    if (d.isNegative() || d.toMinutes() < 1) {
      return "just now";
    }
    if (d.toHours() < 1) {
      return d.toMinutes() + "m ago";
    }
    if (d.toDays() < 1) {
      return d.toHours() + "h ago";
    }
    return d.toDays() + "d ago";
  }
}
