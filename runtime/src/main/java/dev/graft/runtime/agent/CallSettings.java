package dev.graft.runtime.agent;

import dev.graft.runtime.config.CompactionSettings;
import dev.graft.runtime.llm.LlmProvider;
import dev.graft.runtime.llm.Model;
import dev.graft.runtime.llm.ThinkingLevel;
import dev.graft.runtime.tools.Tool;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link AgentSession}'s next model call, compaction or branch summary runs with: the model
 * and its provider, the thinking level, the active tools (in the order given), the output token cap
 * (0: the model's) and the compaction settings. A change makes a new value, so one read of the
 * agent's field is a consistent set, whichever thread changed it.
 */
record CallSettings(
    Model model,
    LlmProvider provider,
    ThinkingLevel thinking,
    Map<String, Tool> tools,
    int maxTokens,
    CompactionSettings compaction) {
  CallSettings {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(thinking, "thinking");
    tools = Collections.unmodifiableMap(new LinkedHashMap<>(tools));
    Objects.requireNonNull(compaction, "compaction");
  }

  CallSettings withModel(Model next, LlmProvider nextProvider) {
    return new CallSettings(next, nextProvider, thinking, tools, maxTokens, compaction);
  }

  CallSettings withThinking(ThinkingLevel level) {
    return new CallSettings(model, provider, level, tools, maxTokens, compaction);
  }

  CallSettings withTools(List<Tool> active) {
    Map<String, Tool> byName = new LinkedHashMap<>();
    active.forEach(t -> byName.put(t.name(), t));
    return new CallSettings(model, provider, thinking, byName, maxTokens, compaction);
  }

  CallSettings withMaxTokens(int tokens) {
    return new CallSettings(model, provider, thinking, tools, tokens, compaction);
  }

  CallSettings withCompaction(CompactionSettings settings) {
    return new CallSettings(model, provider, thinking, tools, maxTokens, settings);
  }

  /** The model's context window. */
  long window() {
    return model.contextWindow();
  }

  /** The compaction settings scaled to the model's window. */
  CompactionSettings compactionForWindow() {
    return compaction.forWindow(model.contextWindow());
  }
}
