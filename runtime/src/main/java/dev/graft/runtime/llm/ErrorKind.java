package dev.graft.runtime.llm;

/**
 * What kind of failure ended a turn, so the agent loop can react without parsing messages: compact
 * on {@link #CONTEXT_OVERFLOW}, point at the key on {@link #AUTHENTICATION}, and so on.
 */
public enum ErrorKind {
  /** The caller aborted the turn. */
  ABORTED,
  /** The conversation no longer fits the model's context window; compaction may help. */
  CONTEXT_OVERFLOW,
  /** The API key is missing, wrong or lacks permission (HTTP 401/403). */
  AUTHENTICATION,
  /** Rate limited (HTTP 429) after the retries were used up. */
  RATE_LIMIT,
  /** The provider failed or is overloaded (HTTP 5xx, 529, overloaded_error). */
  SERVER,
  /** The request was rejected as invalid (HTTP 400/404/422...): wrong model id, bad payload. */
  INVALID_REQUEST,
  /** The server could not be reached, or the connection broke. */
  NETWORK,
  /** No bytes arrived within the idle timeout. */
  TIMEOUT,
  /** The server sent something graft cannot understand, or the stream ended early. */
  PROTOCOL,
  /** Anything else, including scripted errors and a scripted file that ran out of turns. */
  OTHER
}
