package dev.graft.runtime.tools;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Which of graft's environment variables a command it runs receives: every one except the model
 * credentials, the variables ending in {@code _API_KEY} and {@code HF_TOKEN}, so neither the model
 * (through the bash tool) nor a script (through a tool call it rewrites, or {@code exec}) can print
 * a key. The bash tool passes them on only when the user's own settings say so ({@code
 * tools.bash.passApiKeys}); keys kept in {@code auth.json} are never in the environment.
 *
 * <p>Scripts see less ({@link #forScripts}): their {@code process.env} and the programs they run
 * get no variable whose name looks like a secret unless the script was granted that name.
 */
public final class CommandEnvironment {
  private static final Pattern SECRET =
      Pattern.compile("KEY|TOKEN|SECRET|PASSW|PWD|CREDENTIAL|AUTH|COOKIE|PRIVATE");

  private CommandEnvironment() {}

  /**
   * Whether {@code name} looks like a secret: it holds {@code KEY}, {@code TOKEN}, {@code SECRET},
   * {@code PASSW}, {@code PWD} ({@code PWD} and {@code OLDPWD} themselves are folders), {@code
   * CREDENTIAL}, {@code AUTH}, {@code COOKIE} or {@code PRIVATE}, in any case, or is a model
   * credential.
   */
  public static boolean isSecret(String name) {
    String upper = name.toUpperCase(Locale.ROOT);
    if (upper.equals("PWD") || upper.equals("OLDPWD")) {
      return false;
    }
    return SECRET.matcher(upper).find() || isCredential(name);
  }

  /**
   * What a script and the programs it runs may see of {@code all}: no secret but those {@code
   * granted} by name.
   */
  public static Map<String, String> forScripts(Map<String, String> all, Set<String> granted) {
    Map<String, String> out = new TreeMap<>();
    all.forEach((name, value) -> {
      if (!isSecret(name) || granted.contains(name)) {
        out.put(name, value);
      }
    });
    return out;
  }

  /** Whether {@code name} holds a model credential. */
  public static boolean isCredential(String name) {
    return name.endsWith("_API_KEY") || name.equals("HF_TOKEN");
  }

  /** Removes the credentials from {@code environment} (a ProcessBuilder's). */
  public static void withoutCredentials(Map<String, String> environment) {
    environment.keySet().removeIf(CommandEnvironment::isCredential);
  }
}
