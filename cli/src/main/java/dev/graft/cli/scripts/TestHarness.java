package dev.graft.cli.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.graft.runtime.json.Json;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptHostPort;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The host side of a test file: it answers the harness's {@code graft.exec("graft-test", [op,
 * JSON])} calls (start a simulated session, prompt it, run a command) on a worker thread, so the
 * test file's thread is free while the session's scripts run. A test file has no other programs to
 * run, and no other API call changes anything.
 */
final class TestHarness implements AutoCloseable {
  static final String PROGRAM = "graft-test";

  private final Path base;
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "graft-test-harness");
        t.setDaemon(true);
        return t;
      });
  private final Map<Integer, SimulatedSession> sessions = new LinkedHashMap<>();
  private int nextId = 1;

  /** {@code base}: the test file's directory, that the scripts under test are named relative to. */
  TestHarness(Path base) {
    this.base = base;
  }

  ScriptHostPort port() {
    return (ScriptHostPort)
        Proxy.newProxyInstance(
            ScriptHostPort.class.getClassLoader(),
            new Class<?>[] {ScriptHostPort.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "toString" -> "TestHarness";
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  case "exec" -> exec((String) args[1], castList(args[2]));
                  case "unloaded" -> null; // a script ended: it registered nothing here
                  // Node's pure modules work in a test file; files, programs and hosts are not
                  // granted, and no setting grants them.
                  case "nodeAccess" ->
                      NodeAccess.withoutGrants(
                          (ScriptFile) args[0],
                          ((ScriptFile) args[0]).root(),
                          "a test file gets no grants");
                  default -> {
                    if (method.getReturnType() == CompletableFuture.class) {
                      yield CompletableFuture.failedFuture(
                          new IllegalStateException(
                              method.getName() + " is not available to a test file"));
                    }
                    throw new IllegalStateException(
                        method.getName()
                            + " is not available to a test file; start a session with t.session()");
                  }
                });
  }

  @SuppressWarnings("unchecked")
  private static List<String> castList(Object o) {
    return (List<String>) o;
  }

  private CompletableFuture<JsonNode> exec(String program, List<String> args) {
    if (!PROGRAM.equals(program) || args.size() != 2) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("a test file runs no programs (" + program + ")"));
    }
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return handle(args.get(0), Json.parse(args.get(1)));
          } catch (Exception e) {
            return Json.object()
                .put("error", e.getMessage() == null ? e.toString() : e.getMessage());
          }
        },
        worker);
  }

  private JsonNode handle(String op, JsonNode payload) throws Exception {
    if (op.equals("session")) {
      SimulatedSession s = new SimulatedSession(base, payload);
      int id = nextId++;
      sessions.put(id, s);
      ObjectNode reply = Json.object().put("id", id);
      reply.set("state", s.state());
      return reply;
    }
    SimulatedSession s =
        Optional.ofNullable(sessions.get(payload.path("id").asInt()))
            .orElseThrow(() ->
                new IllegalStateException(
                    "no such session (sessions end with the test that started them)"));
    ObjectNode reply = Json.object();
    switch (op) {
      case "prompt" ->
          reply.set("result", s.prompt(payload.path("text").asText(), payload.path("answers")));
      case "command" -> {
        try {
          JsonNode result = s.command(payload.path("line").asText(), payload.path("answers"));
          if (!result.isMissingNode()) {
            reply.set("result", result);
          }
        } catch (SimulatedSession.CommandFailed e) {
          reply.put("failure", e.getMessage());
        }
      }
      default -> throw new IllegalStateException("unknown harness operation " + op);
    }
    reply.set("state", s.state());
    return reply;
  }

  /** Ends the sessions the last test started (on the worker, after whatever it still runs). */
  void endSessions() {
    try {
      worker
          .submit(() -> {
            List<SimulatedSession> open = new ArrayList<>(sessions.values());
            sessions.clear();
            open.forEach(SimulatedSession::close);
          })
          .get();
    } catch (Exception e) {
      throw new IllegalStateException("cannot end the test's sessions: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    endSessions();
    worker.shutdownNow();
  }
}
