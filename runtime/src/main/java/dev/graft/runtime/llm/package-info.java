/**
 * Talking to language models: one assistant turn at a time, streamed as events.
 *
 * <p>The agent loop needs four things from this package:
 *
 * <ul>
 *   <li>{@link dev.graft.runtime.llm.ModelRegistry}: {@code load(graftHome, env)}, then {@code
 *       resolve("anthropic/claude-sonnet-4-5")}, {@code listModels()} and {@code provider(model)}.
 *   <li>{@link dev.graft.runtime.llm.LlmRequest}: model, system prompt, messages, tools, thinking
 *       level, output limit and an {@link dev.graft.runtime.concurrent.AbortSignal}.
 *   <li>{@link dev.graft.runtime.llm.LlmProvider#stream}: blocks while the turn streams, hands each
 *       {@link dev.graft.runtime.llm.StreamEvent} to a listener, returns the final message.
 *       Failures are events, not exceptions.
 *   <li>{@link dev.graft.runtime.llm.ScriptedProvider}: the same contract, replayed from a JSONL
 *       file, for tests and demos without a network.
 * </ul>
 *
 * <p>Four wire protocols are implemented over {@code java.net.http}: the Anthropic Messages API,
 * OpenAI's Responses API (OpenAI's own models), OpenAI Chat Completions (which also reaches Ollama,
 * llama.cpp, vLLM, LM Studio, OpenRouter, Groq and other compatible servers through a base URL) and
 * Google's Gemini API. Request bodies, usage accounting and message conversion follow the reference
 * agent pi ({@code @mariozechner/pi-ai}).
 */
package dev.graft.runtime.llm;
