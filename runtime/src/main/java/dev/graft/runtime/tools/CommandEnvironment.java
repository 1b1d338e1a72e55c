package dev.graft.runtime.tools;

import java.util.Map;

/**
 * Which of graft's environment variables a command it runs receives: every one except the model
 * credentials, the variables ending in {@code _API_KEY} and {@code HF_TOKEN}, so neither the model
 * (through the bash tool) nor a script (through a tool call it rewrites, or {@code exec}) can print
 * a key. The bash tool passes them on only when the user's own settings say so ({@code
 * tools.bash.passApiKeys}); keys kept in {@code auth.json} are never in the environment.
 */
public final class CommandEnvironment {
  private CommandEnvironment() {}

  /** Whether {@code name} holds a model credential. */
  public static boolean isCredential(String name) {
    return name.endsWith("_API_KEY") || name.equals("HF_TOKEN");
  }

  /** Removes the credentials from {@code environment} (a ProcessBuilder's). */
  public static void withoutCredentials(Map<String, String> environment) {
    environment.keySet().removeIf(CommandEnvironment::isCredential);
  }
}
