package dev.graft.scripting.node;

import dev.graft.runtime.tools.CommandEnvironment;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The environment a script sees as {@code process.env}, and the one its child processes start
 * with: graft's, without any variable whose name looks like a secret (it holds {@code KEY},
 * {@code TOKEN}, {@code SECRET}, {@code PASSW}, {@code PWD} (but {@code PWD} and {@code OLDPWD}
 * themselves are working folders), {@code CREDENTIAL}, {@code AUTH}, {@code COOKIE} or
 * {@code PRIVATE}, in any case) and without the model credentials, unless the script was
 * granted that name.
 */
public final class Environment {
  private static final Pattern SECRET = Pattern.compile("KEY|TOKEN|SECRET|PASSW|PWD|CREDENTIAL|AUTH|COOKIE|PRIVATE");

  private Environment() {}

  /** Whether {@code name} is kept from scripts unless granted. */
  public static boolean isSecret(String name) {
    String upper = name.toUpperCase(Locale.ROOT);
    if (upper.equals("PWD") || upper.equals("OLDPWD")) {
      return false;
    }
    return SECRET.matcher(upper).find() || CommandEnvironment.isCredential(name);
  }

  /** {@code all} without the secrets, except those {@code granted} by name; sorted by name. */
  public static Map<String, String> visible(Map<String, String> all, Set<String> granted) {
    Map<String, String> out = new TreeMap<>();
    all.forEach((name, value) -> {
      if (!isSecret(name) || granted.contains(name)) {
        out.put(name, value);
      }
    });
    return out;
  }
}
