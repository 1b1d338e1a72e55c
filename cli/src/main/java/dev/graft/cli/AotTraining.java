package dev.graft.cli;

import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * The launcher's training run for the agent's AOT cache (cli/aot-training/README.md): graft's real
 * paths, in-process, against a loopback model ({@link TrainingModel}), so that the classes a user's
 * run loads are in the cache. First a print-mode run resumes a long session over OpenAI Chat
 * Completions with the training scripts (a context hook on the whole resumed context, then on a
 * context that grows, read and bash tool calls); then an RPC run of three prompts over Anthropic
 * Messages, each a bash call and an answer.
 *
 * <p>Usage: {@code AotTraining SCRIPTS SESSION} in the training project, with GRAFT_HOME set
 * (models.json is written there). Exits 1 when a run failed, so that no cache is made of it.
 */
public final class AotTraining {
  private static final int PROMPTS = 3;
  private static final Duration DEADLINE = Duration.ofSeconds(180);

  private AotTraining() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: AotTraining SCRIPTS SESSION");
      System.exit(2);
    }
    // A training that hangs must not hang the build: it then makes no cache.
    Thread.ofPlatform()
        .daemon()
        .name("training-deadline")
        .start(() -> {
          try {
            Thread.sleep(DEADLINE.toMillis());
            System.err.println("training: gave up after " + DEADLINE.toSeconds() + " s");
            Runtime.getRuntime().halt(1);
          } catch (InterruptedException e) {
            // not reached: nothing interrupts it
          }
        });
    System.exit(train(System.getenv(), Path.of("").toAbsolutePath(), args[0], args[1]));
  }

  /**
   * Both runs in {@code cwd} (which holds notes.txt), graft's home from {@code env}; returns the
   * first non-zero exit code, else 0.
   */
  public static int train(Map<String, String> env, Path cwd, String scripts, String session)
      throws IOException, InterruptedException {
    PrintWriter err =
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    try (TrainingModel resume = new TrainingModel(12, false);
        TrainingModel prompts = new TrainingModel(1, true)) {
      GraftHome home = GraftHome.fromEnvironment(env);
      Files.createDirectories(home.root());
      Files.writeString(home.models(), models(resume.port(), prompts.port()));
      PrintWriter out =
          new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
      int code =
          Graft.run(
              new CliContext(
                  env, home, cwd, out, err, Clock.systemUTC(), InputStream.nullInputStream()),
              "-p",
              "--scripts",
              scripts,
              "--session",
              session,
              "--provider",
              "training-openai",
              "--model",
              "training",
              "read notes.txt");
      if (code != 0) {
        return code;
      }
      code = rpc(env, home, cwd, err, scripts);
      // The loopback models are http://, whose client sets up no TLS: the JDK's default TLS
      // context (its trust store), which every https:// provider's first request makes, is loaded
      // here so that it is in the cache too.
      SSLContext.getDefault();
      return code;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no default TLS context", e);
    } finally {
      err.flush();
    }
  }

  /** An RPC run of {@link #PROMPTS} prompts, each sent once the one before has ended. */
  private static int rpc(
      Map<String, String> env, GraftHome home, Path cwd, PrintWriter err, String scripts)
      throws IOException, InterruptedException {
    // OS pipes: java.io's piped streams fail once a thread that wrote to them has ended, and
    // graft writes its events from several threads.
    Pipe commands = Pipe.open();
    Pipe events = Pipe.open();
    InputStream in = Channels.newInputStream(commands.source());
    PrintWriter out =
        new PrintWriter(
            new OutputStreamWriter(Channels.newOutputStream(events.sink()), StandardCharsets.UTF_8),
            true);
    int[] code = {1};
    Thread run =
        Thread.ofPlatform()
            .name("training-rpc")
            .start(() -> {
              code[0] =
                  Graft.run(
                      new CliContext(env, home, cwd, out, err, Clock.systemUTC(), in),
                      "--mode",
                      "rpc",
                      "--scripts",
                      scripts,
                      "--provider",
                      "training-anthropic",
                      "--model",
                      "training");
              out.close();
            });
    BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(
                Channels.newInputStream(events.source()), StandardCharsets.UTF_8));
    try (Writer send =
        new OutputStreamWriter(Channels.newOutputStream(commands.sink()), StandardCharsets.UTF_8)) {
      for (int i = 1; i <= PROMPTS; i++) {
        send.write(
            "{\"type\":\"prompt\",\"id\":\""
                + i
                + "\",\"message\":\"Step "
                + i
                + ": show the notes.\"}\n");
        send.flush();
        String line;
        while ((line = lines.readLine()) != null && !line.contains("\"type\":\"agent_end\"")) {
          // the run's events; the training only waits for its end
        }
        if (line == null) {
          break;
        }
      }
      send.write("{\"type\":\"get_state\",\"id\":\"state\"}\n");
    }
    while (lines.readLine() != null) {
      // drained until the run ends with its input
    }
    run.join();
    return code[0];
  }

  private static String models(int resume, int prompts) {
    return """
    {"providers": {
      "training-openai": {"baseUrl": "http://127.0.0.1:%d/v1", "api": "openai-completions", "apiKey": "none",
        "models": [{"id": "training", "contextWindow": 1000000, "maxTokens": 1000}]},
      "training-anthropic": {"baseUrl": "http://127.0.0.1:%d", "api": "anthropic-messages", "apiKey": "none",
        "models": [{"id": "training", "contextWindow": 1000000, "maxTokens": 1000}]}}}
    """
        .formatted(resume, prompts);
  }
}
