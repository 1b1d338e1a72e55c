package dev.graft.runtime.llm;

import static dev.graft.runtime.llm.ProviderFixturesTest.redacted;
import static dev.graft.runtime.llm.ProviderFixturesTest.signatures;
import static dev.graft.runtime.llm.ProviderFixturesTest.text;
import static dev.graft.runtime.llm.ProviderFixturesTest.thinking;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.graft.runtime.events.AgentEvent;
import dev.graft.runtime.json.Json;
import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What graft must make of each recorded fixture. Most follow from the fixture's own {@code expect}
 * (the first response as a strict reader sees it); the cases below where graft's answer is a
 * different one say why, and docs/providers.md ("Conformance") lists them.
 */
final class FixtureExpectations {
  /** The answer the fixtures' fallback bodies hold (a01's and o01's recorded streams). */
  static final String ANTHROPIC_FALLBACK = "Hello there!";

  static final String OPENAI_FALLBACK =
      "I'm unable to provide real-time weather updates. To get the current weather in San"
          + " Francisco, I recommend checking a reliable weather website or a weather app.";

  /**
   * Cut or failed streams that graft retries (bounded, with backoff, shown as auto_retry events),
   * finishing with the fallback's answer; the fixture's expect describes the failed first attempt.
   * The partial text of that attempt is not kept: the session holds one answer.
   */
  static final Set<String> RETRIED_MID_STREAM =
      Set.of(
          "a25-overloaded-midstream", // overloaded_error event after text: the reference retries it
          // too
          "a26-overloaded-first-event", // overloaded_error before any content
          "a27-truncated-stream", // the connection closed before message_stop
          "o30-midstream-error", // an OpenRouter {error} chunk with code 502 after six text chunks
          "o31-truncated", // no finish_reason and no [DONE]: the stream was cut
          "o32-broken-connection"); // the chunked body never ended: the connection dropped

  private FixtureExpectations() {}

  static void check(String id, ProviderFixturesTest.Outcome o) throws Exception {
    JsonNode e = o.expect();
    boolean anthropic = o.fixture().get("api").asText().equals("anthropic");
    String fallback = anthropic ? ANTHROPIC_FALLBACK : OPENAI_FALLBACK;
    if (RETRIED_MID_STREAM.contains(id)) {
      retriedThenAnswered(o, fallback, 2);
      return;
    }
    switch (id) {
      // ---------------------------------------------------------------- HTTP errors
      case "e01-anth-401", "e09-oai-401" -> {
        failedAfter(o, 1, e.get("httpStatus").asInt());
        assertThat(o.last().errorMessage().orElseThrow())
            .contains("check the API key from FIXTURE_KEY");
      }
      case "e02-anth-400-invalid-request" -> failedAfter(o, 1, 400);
      case "e03-anth-400-prompt-too-long", "e12-oai-400-context-length" -> {
        // Recognised as an overflow: graft compacts once (nothing to compact in a one-message
        // session, so no summary call) and reports the overflow.
        assertThat(o.requests().getFirst().path())
            .endsWith(anthropic ? "/v1/messages" : "/chat/completions");
        assertThat(o.last().stopReason()).isEqualTo("error");
        assertThat(ContextOverflow.isContextOverflow(o.last(), 128_000)).isTrue();
        assertThat(o.events(AgentEvent.AutoRetryStart.class)).isEmpty();
      }
      case "e04-anth-429-then-ok", "e11-oai-429-then-ok", "e14-html-502" ->
          retriedThenAnswered(o, fallback, 2);
      case "e06-anth-529-twice-then-ok" -> retriedThenAnswered(o, fallback, 3);
      case "e05-anth-429-persistent", "e07-anth-500-persistent", "e13-oai-500-persistent" -> {
        failedAfter(o, 3, e.get("httpStatus").asInt());
        assertThat(o.events(AgentEvent.AutoRetryStart.class)).hasSize(2);
        AgentEvent.AutoRetryEnd end = o.events(AgentEvent.AutoRetryEnd.class).getLast();
        assertThat(end.success()).isFalse();
        assertThat(end.finalError()).contains(o.last().errorMessage().orElseThrow());
      }
      case "e08-anth-429-retry-after-3600" -> {
        // A server asking for an hour fails the turn at once, saying so.
        failedAfter(o, 1, 429);
        assertThat(o.last().errorMessage().orElseThrow()).contains("retry after 3600 s");
      }
      case "e10-oai-429-insufficient-quota" -> {
        // Billing, not load: retrying cannot help, so there is one request only.
        failedAfter(o, 1, 429);
        assertThat(o.last().errorMessage().orElseThrow()).contains("insufficient_quota");
        assertThat(o.events(AgentEvent.AutoRetryStart.class)).isEmpty();
      }
      // ---------------------------------------------------------------- OpenAI's own models
      case "e15-oai-gpt54-tools-reasoning", "e16-oai-gpt54-default-thinking" -> responsesApi(id, o);
      // ---------------------------------------------------------------- streams
      case "a31-no-final-newline" -> {
        // The file ends inside the message_stop event's line (no newline). The SSE spec drops an
        // unterminated event, so a strict reader (the fixture's expect) sees no message_stop;
        // graft accepts a last line that is complete JSON at the end of the body, since the
        // answer ("Hello there!", end_turn) was whole: better than failing a finished answer.
        parsed(o, o.first(), e, true, "stop");
        assertThat(o.requests()).hasSize(1);
      }
      case "o05-refusal" -> {
        // A refusal streamed in delta.refusal becomes the answer's text, as the reference's
        // Responses reader shows refusals: better than an empty answer.
        assertThat(text(o.first())).isEqualTo(e.get("refusal").asText());
        assertThat(o.first().stopReason()).isEqualTo("stop");
        usage(o.first(), e);
      }
      default -> streamed(o, e, anthropic, fallback);
    }
  }

  /** A stream read to its end: the parsed message, then the follow-up request if tools ran. */
  private static void streamed(
      ProviderFixturesTest.Outcome o, JsonNode e, boolean anthropic, String fallback)
      throws Exception {
    AgentMessage.Assistant first = o.first();
    parsed(o, first, e, anthropic, e.get("stopReason").asText());
    if (e.hasNonNull("error")) {
      assertThat(first.errorMessage().orElseThrow()).contains(e.get("error").asText());
    }
    boolean ranTools =
        !first.stopReason().equals("error")
            && first.content().stream().anyMatch(ContentBlock.ToolCall.class::isInstance);
    if (e.has("no_file")) {
      assertThat(Files.exists(o.cwd().resolve(e.get("no_file").asText())))
          .as("a truncated command must not run")
          .isFalse();
    }
    if (!ranTools) {
      assertThat(o.requests()).hasSize(1);
      return;
    }
    assertThat(o.requests())
        .as("the first request and the follow-up with the tool results")
        .hasSize(2);
    JsonNode followUp = o.requests().get(1).json();
    if (anthropic) {
      anthropicFollowUp(followUp, e);
    } else {
      openAiFollowUp(followUp, e);
    }
    assertThat(text(o.last())).isEqualTo(fallback);
    assertThat(o.last().stopReason()).isEqualTo("stop");
  }

  /** The message matches the fixture's expect: text, thinking, signatures, tools, stop, usage. */
  static void parsed(
      ProviderFixturesTest.Outcome o,
      AgentMessage.Assistant m,
      JsonNode e,
      boolean signatures,
      String stop) {
    assertThat(m.stopReason()).as("stop reason (%s)", m.errorMessage().orElse("")).isEqualTo(stop);
    assertThat(text(m)).isEqualTo(e.get("text").asText());
    assertThat(thinking(m)).isEqualTo(strings(e.get("thinking")));
    if (signatures) {
      assertThat(signatures(m)).isEqualTo(strings(e.get("signatures")));
    }
    assertThat(redacted(m)).isEqualTo(strings(e.get("redacted")));
    assertThat(tools(m)).isEqualTo(e.get("tools"));
    usage(m, e);
  }

  static void usage(AgentMessage.Assistant m, JsonNode e) {
    JsonNode u = e.get("usage");
    assertThat(
            List.of(
                m.usage().input(),
                m.usage().output(),
                m.usage().cacheRead(),
                m.usage().cacheWrite()))
        .as("usage input, output, cacheRead, cacheWrite")
        .isEqualTo(
            List.of(
                u.get("input").asLong(),
                u.get("output").asLong(),
                u.get("cacheRead").asLong(),
                u.get("cacheWrite").asLong()));
  }

  /** Tool calls in the fixture's form; unparsable arguments as {"__invalid__": raw}. */
  static ArrayNode tools(AgentMessage.Assistant m) {
    ArrayNode out = Json.array();
    for (ContentBlock b : m.content()) {
      if (b instanceof ContentBlock.ToolCall c) {
        var o = out.addObject().put("id", c.id()).put("name", c.name());
        if (c.extra().has(ToolCallArguments.ERROR_FIELD)) {
          o.putObject("arguments")
              .put("__invalid__", c.extra().get(ToolCallArguments.RAW_FIELD).asText());
        } else {
          o.set("arguments", c.arguments());
        }
      }
    }
    return out;
  }

  private static void anthropicFollowUp(JsonNode body, JsonNode e) throws Exception {
    JsonNode messages = body.get("messages");
    JsonNode assistant = messages.get(messages.size() - 2);
    JsonNode results = messages.get(messages.size() - 1);
    assertThat(assistant.get("role").asText()).isEqualTo("assistant");
    List<String> ids = new ArrayList<>();
    List<String> sentSignatures = new ArrayList<>();
    List<String> sentRedacted = new ArrayList<>();
    for (JsonNode block : assistant.get("content")) {
      switch (block.get("type").asText()) {
        case "tool_use" -> ids.add(block.get("id").asText());
        case "thinking" -> sentSignatures.add(block.get("signature").asText());
        case "redacted_thinking" -> sentRedacted.add(block.get("data").asText());
        default -> {}
      }
    }
    List<String> expectedIds = new ArrayList<>();
    e.get("tools").forEach(t -> expectedIds.add(t.get("id").asText()));
    assertThat(ids).isEqualTo(expectedIds);
    assertThat(sentSignatures)
        .as("thinking is sent back with its signature")
        .isEqualTo(strings(e.get("signatures")));
    assertThat(sentRedacted)
        .as("redacted thinking is sent back as it came")
        .isEqualTo(strings(e.get("redacted")));
    List<String> resultIds = new ArrayList<>();
    boolean image = false;
    for (JsonNode block : results.get("content")) {
      if (block.get("type").asText().equals("tool_result")) {
        resultIds.add(block.get("tool_use_id").asText());
        for (JsonNode part : block.path("content")) {
          if (part.path("type").asText().equals("image")) {
            image = true;
            assertThat(part.at("/source/media_type").asText()).isEqualTo("image/png");
            assertThat(part.at("/source/data").asText())
                .isEqualTo(ProviderFixturesTest.pngBase64(e));
          }
        }
      }
    }
    assertThat(resultIds).isEqualTo(expectedIds);
    assertThat(image)
        .as("the image read by the tool is in its result")
        .isEqualTo(e.path("image_followup").asBoolean(false));
  }

  private static void openAiFollowUp(JsonNode body, JsonNode e) throws Exception {
    JsonNode messages = body.get("messages");
    JsonNode assistant = null;
    List<String> resultIds = new ArrayList<>();
    boolean image = false;
    for (JsonNode m : messages) {
      switch (m.get("role").asText()) {
        case "assistant" -> assistant = m;
        case "tool" -> resultIds.add(m.get("tool_call_id").asText());
        case "user" -> {
          for (JsonNode part : m.path("content")) {
            if (part.path("type").asText().equals("image_url")) {
              image = true;
              assertThat(part.at("/image_url/url").asText())
                  .isEqualTo("data:image/png;base64," + ProviderFixturesTest.pngBase64(e));
            }
          }
        }
        default -> {}
      }
    }
    assertThat(assistant).isNotNull();
    List<String> expectedIds = new ArrayList<>();
    e.get("tools").forEach(t -> expectedIds.add(t.get("id").asText()));
    List<String> ids = new ArrayList<>();
    for (JsonNode call : assistant.get("tool_calls")) {
      ids.add(call.get("id").asText());
      JsonNode expected = null;
      for (JsonNode t : e.get("tools")) {
        if (t.get("id").asText().equals(call.get("id").asText())) {
          expected = t;
        }
      }
      assertThat(call.at("/function/name").asText()).isEqualTo(expected.get("name").asText());
      if (!expected.get("arguments").has("__invalid__")) {
        assertThat(Json.parse(call.at("/function/arguments").asText()))
            .isEqualTo(expected.get("arguments"));
      }
    }
    assertThat(ids).isEqualTo(expectedIds);
    assertThat(resultIds).isEqualTo(expectedIds);
    if (!e.get("thinking").isEmpty()) {
      // The reasoning goes back in the field it came in (reasoning_content here).
      String joined = String.join("\n", strings(e.get("thinking")));
      assertThat(assistant.path("reasoning_content").asText(assistant.path("reasoning").asText()))
          .as("reasoning sent back")
          .isEqualTo(joined);
    }
    assertThat(image)
        .as("the image read by the tool follows in a user message")
        .isEqualTo(e.path("image_followup").asBoolean(false));
  }

  /** The call failed and was retried; the last attempt answered with the fallback's text. */
  private static void retriedThenAnswered(
      ProviderFixturesTest.Outcome o, String fallback, int requests) {
    assertThat(o.requests()).hasSize(requests);
    assertThat(o.replies())
        .as("one answer in the session: the failed attempts are not kept")
        .hasSize(1);
    assertThat(text(o.first())).isEqualTo(fallback);
    assertThat(o.first().stopReason()).isEqualTo("stop");
    assertThat(o.first().errorMessage()).isEmpty();
    List<AgentEvent.AutoRetryStart> starts = o.events(AgentEvent.AutoRetryStart.class);
    assertThat(starts).hasSize(requests - 1);
    for (int i = 0; i < starts.size(); i++) {
      assertThat(starts.get(i).attempt()).isEqualTo(i + 1);
      assertThat(starts.get(i).maxAttempts()).isGreaterThanOrEqualTo(requests - 1);
      assertThat(starts.get(i).errorMessage()).isNotBlank();
    }
    List<AgentEvent.AutoRetryEnd> ends = o.events(AgentEvent.AutoRetryEnd.class);
    assertThat(ends).hasSize(1);
    assertThat(ends.getFirst().success()).isTrue();
    assertThat(ends.getFirst().attempt()).isEqualTo(requests - 1);
  }

  private static void failedAfter(ProviderFixturesTest.Outcome o, int requests, int status) {
    assertThat(o.requests()).hasSize(requests);
    assertThat(o.last().stopReason()).isEqualTo("error");
    assertThat(o.last().errorMessage().orElseThrow()).contains("HTTP " + status);
    assertThat(o.last().errorMessage().orElseThrow()).doesNotContain(ProviderFixturesTest.KEY);
  }

  /**
   * gpt-5.4 is an OpenAI model: graft calls the Responses API, so the rule answering /responses
   * serves the recorded gpt-5.4 stream (the fixture's expect describes the Chat Completions
   * fallback, which graft never needs). No reasoning_effort goes to /chat/completions.
   */
  private static void responsesApi(String id, ProviderFixturesTest.Outcome o) throws Exception {
    assertThat(o.requests()).hasSize(1);
    FixtureServer.Received request = o.requests().getFirst();
    assertThat(request.path()).isEqualTo("/v1/responses");
    JsonNode body = request.json();
    assertThat(body.get("model").asText()).isEqualTo("gpt-5.4");
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.get("store").asBoolean(true)).isFalse();
    assertThat(body.get("tools").size()).isEqualTo(4);
    assertThat(body.get("tools").get(0).get("type").asText()).isEqualTo("function");
    if (id.startsWith("e15")) {
      assertThat(body.get("reasoning"))
          .isEqualTo(Json.parse("{\"effort\":\"medium\",\"summary\":\"auto\"}"));
      assertThat(body.get("include")).isEqualTo(Json.parse("[\"reasoning.encrypted_content\"]"));
    } else {
      // --thinking off on a model that cannot switch reasoning off: no reasoning parameter at
      // all (the server's default), never an effort the request is rejected for.
      assertThat(body.has("reasoning")).isFalse();
    }
    AgentMessage.Assistant m = o.first();
    assertThat(m.stopReason()).isEqualTo("stop");
    assertThat(m.api()).isEqualTo("openai-responses");
    assertThat(text(m))
        .startsWith("Taqueria La Cumbre and El Farolito are frequently pitted against each other")
        .endsWith("rather than a settled one-person invention.");
    assertThat(thinking(m)).hasSize(1);
    assertThat(thinking(m).getFirst()).startsWith("**Summarizing the burrito debate**");
    assertThat(signatures(m).getFirst())
        .contains("\"encrypted_content\"")
        .contains("rs_0842a5a14f2f9e5c");
    assertThat(List.of(m.usage().input(), m.usage().output(), m.usage().cacheRead()))
        .isEqualTo(List.of(42L, 2655L, 0L));
  }

  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asText()));
    return out;
  }
}
