package dev.graft.runtime.agent;

import dev.graft.runtime.message.AgentMessage;
import dev.graft.runtime.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The messages waiting for the agent: steering (before the next model call), follow-ups (when a run
 * would end), messages for the next prompt, and runs asked for while the agent was idle. Any thread
 * may add; the agent thread takes.
 */
final class MessageQueue {
  private final ConcurrentLinkedQueue<AgentMessage> steering = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<AgentMessage> followUps = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<AgentMessage> nextTurn = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<Request> requested = new ConcurrentLinkedQueue<>();

  /** A run asked for while the agent was idle. */
  sealed interface Request {}

  /**
   * A user message from a script ({@code sendUserMessage}), sent as a prompt without expansion;
   * {@code inputSeen} when the {@code input} hooks have already seen it.
   */
  record Prompt(String text, List<ContentBlock> images, boolean inputSeen) implements Request {
    Prompt {
      Objects.requireNonNull(text, "text");
      images = List.copyOf(images);
    }
  }

  /**
   * A run that starts with this message and no prompt hooks (a script's {@code sendMessage} with
   * triggerTurn).
   */
  record Start(AgentMessage message) implements Request {
    Start {
      Objects.requireNonNull(message, "message");
    }
  }

  void add(AgentMessage message, Delivery delivery) {
    switch (delivery) {
      case STEER -> steering.add(message);
      case FOLLOW_UP -> followUps.add(message);
      case NEXT_TURN -> nextTurn.add(message);
    }
  }

  /**
   * Puts {@code messages} before the steering messages waiting, in their order (follow-ups the next
   * model call takes).
   */
  void prependSteering(List<AgentMessage> messages) {
    List<AgentMessage> rest = new ArrayList<>();
    AgentMessage m;
    while ((m = steering.poll()) != null) {
      rest.add(m);
    }
    steering.addAll(messages);
    steering.addAll(rest);
  }

  AgentMessage pollSteering() {
    return steering.poll();
  }

  boolean hasSteering() {
    return !steering.isEmpty();
  }

  /** Whether steering or follow-up messages wait (the reference's pendingMessageCount > 0). */
  boolean hasSteeringOrFollowUps() {
    return !steering.isEmpty() || !followUps.isEmpty();
  }

  /** How many steering and follow-up messages wait (the reference's pendingMessageCount). */
  int steeringAndFollowUpCount() {
    return steering.size() + followUps.size();
  }

  AgentMessage pollFollowUp() {
    return followUps.poll();
  }

  /** The messages kept for the next prompt, removed from the queue. */
  List<AgentMessage> takeNextTurn() {
    List<AgentMessage> taken = new ArrayList<>();
    AgentMessage m;
    while ((m = nextTurn.poll()) != null) {
      taken.add(m);
    }
    return taken;
  }

  void request(Request request) {
    requested.add(request);
  }

  Request pollRequest() {
    return requested.poll();
  }

  boolean hasRequest() {
    return !requested.isEmpty();
  }

  /** The user messages waiting to steer or follow up, left in the queue. */
  List<AgentMessage.User> userMessages(Delivery delivery) {
    ConcurrentLinkedQueue<AgentMessage> queue = delivery == Delivery.STEER ? steering : followUps;
    List<AgentMessage.User> users = new ArrayList<>();
    for (AgentMessage m : queue) {
      if (m instanceof AgentMessage.User u) {
        users.add(u);
      }
    }
    return users;
  }

  /** The user messages waiting to steer or follow up, removed from the queue (others stay). */
  List<AgentMessage.User> takeUserMessages(Delivery delivery) {
    ConcurrentLinkedQueue<AgentMessage> queue = delivery == Delivery.STEER ? steering : followUps;
    List<AgentMessage.User> taken = new ArrayList<>();
    queue.removeIf(m -> {
      if (m instanceof AgentMessage.User u) {
        taken.add(u);
        return true;
      }
      return false;
    });
    return taken;
  }

  /** Everything still waiting (messages and requested runs), removed from the queue. */
  List<Object> drain() {
    List<Object> all = new ArrayList<>();
    for (var queue : List.of(steering, followUps, nextTurn)) {
      AgentMessage m;
      while ((m = queue.poll()) != null) {
        all.add(m);
      }
    }
    Request r;
    while ((r = requested.poll()) != null) {
      all.add(r);
    }
    return all;
  }
}
