package dev.graft.cli.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.graft.cli.Graft;
import dev.graft.cli.base.CliContext;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.json.Json;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Runs graft --mode rpc in-process and talks to it line by line, as an RPC client would. */
final class RpcDriver implements AutoCloseable {
  private final PipedOutputStream stdin = new PipedOutputStream();
  private final LinkedBlockingQueue<JsonNode> lines = new LinkedBlockingQueue<>();
  private final List<JsonNode> seen = new ArrayList<>();
  private final StringWriter err = new StringWriter();
  private final Thread thread;
  private volatile int exitCode = -1;

  RpcDriver(Path home, Path cwd, String... args) throws IOException {
    this(home, cwd, Map.of(), args);
  }

  /**
   * graft --mode rpc with the scripted provider playing {@code turns.jsonl} in {@code cwd}, then
   * {@code more} (say {@code "--scripts", "scripts"}).
   */
  static RpcDriver scripted(Path home, Path cwd, String... more) throws IOException {
    return scripted(home, cwd, Map.of(), more);
  }

  /** {@link #scripted(Path, Path, String...)} with {@code env} as graft's environment. */
  static RpcDriver scripted(Path home, Path cwd, Map<String, String> env, String... more)
      throws IOException {
    String[] args =
        Stream.concat(
                Stream.of("--mode", "rpc", "--provider", "scripted", "--model", "turns.jsonl"),
                Arrays.stream(more))
            .toArray(String[]::new);
    return new RpcDriver(home, cwd, env, args);
  }

  /** With {@code env} as graft's environment (GRAFT_RECORD_REQUESTS, say). */
  RpcDriver(Path home, Path cwd, Map<String, String> env, String... args) throws IOException {
    PipedInputStream in = new PipedInputStream(stdin, 1 << 16);
    Writer sink =
        new Writer() {
          private final StringBuilder pending = new StringBuilder();

          @Override
          public synchronized void write(char[] buf, int off, int len) {
            pending.append(buf, off, len);
            int nl;
            while ((nl = pending.indexOf("\n")) >= 0) {
              String line = pending.substring(0, nl);
              pending.delete(0, nl + 1);
              try {
                lines.add(Json.parse(line));
              } catch (IOException e) {
                throw new AssertionError("not a JSON line on stdout: " + line, e);
              }
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    CliContext context =
        new CliContext(
            env,
            new GraftHome(home),
            cwd,
            new PrintWriter(sink, true),
            new PrintWriter(err, true),
            Clock.systemUTC(),
            in);
    thread = Thread.ofPlatform().start(() -> exitCode = Graft.run(context, args));
  }

  void send(String json) throws IOException {
    stdin.write((json + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  /** The next line (skipping others) that matches, within 15 s. */
  JsonNode await(Predicate<JsonNode> wanted, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (System.nanoTime() < deadline) {
      JsonNode line = lines.poll(100, TimeUnit.MILLISECONDS);
      if (line != null) {
        seen.add(line);
        if (wanted.test(line)) {
          return line;
        }
      }
    }
    throw new AssertionError(
        "timed out waiting for " + what + "; saw " + seen + "; stderr: " + err);
  }

  /** A line that matches, among those already seen or (failing that) the next ones. */
  JsonNode find(Predicate<JsonNode> wanted, String what) throws InterruptedException {
    for (JsonNode line : seen) {
      if (wanted.test(line)) {
        return line;
      }
    }
    return await(wanted, what);
  }

  JsonNode response(String id) throws InterruptedException {
    return await(
        l -> l.path("type").asText().equals("response") && l.path("id").asText().equals(id),
        "response " + id);
  }

  JsonNode event(String type) throws InterruptedException {
    return await(l -> l.path("type").asText().equals(type), "event " + type);
  }

  /** Sends a command and returns its response. */
  JsonNode call(String id, String json) throws Exception {
    send(json);
    return response(id);
  }

  /** Waits (at most 15 s) for graft to end by itself, stdin still open. */
  void awaitExit() throws InterruptedException {
    thread.join(15_000);
    if (thread.isAlive()) {
      throw new AssertionError("graft --mode rpc is still running; stderr: " + err);
    }
  }

  List<JsonNode> seen() {
    return seen;
  }

  /** What graft wrote to stderr so far. */
  String err() {
    synchronized (err) {
      return err.toString();
    }
  }

  @Override
  public void close() throws Exception {
    stdin.close();
    thread.join(15_000);
    if (exitCode != 0) {
      throw new AssertionError("graft --mode rpc exited with " + exitCode + ": " + err);
    }
  }
}
