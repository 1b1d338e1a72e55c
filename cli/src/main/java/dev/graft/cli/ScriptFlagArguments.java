package dev.graft.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options on a run's command line that are not graft's, taken out before picocli parses the
 * rest, as the reference takes them: {@code --name=value}, {@code --name value} (when the next
 * argument starts with neither {@code -} nor {@code @}) or a bare {@code --name}. They are for the
 * scripts that register them ({@code pi.registerFlag}); one that no script registers is an error
 * once the scripts are loaded.
 */
record ScriptFlagArguments(List<String> rest, Map<String, Optional<String>> flags) {
  static ScriptFlagArguments split(String[] args, CommandSpec spec) {
    List<String> rest = new ArrayList<>();
    Map<String, Optional<String>> flags = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        for (; i < args.length; i++) {
          rest.add(args[i]);
        }
        break;
      }
      if (!a.startsWith("-") || a.equals("-")) {
        rest.add(a);
        continue;
      }
      int eq = a.indexOf('=');
      String name = eq < 0 ? a : a.substring(0, eq);
      OptionSpec option = spec.findOption(name);
      if (option != null || !a.startsWith("--") || name.length() == 2) {
        rest.add(a);
        if (option != null && eq < 0 && option.arity().max() > 0 && i + 1 < args.length) {
          rest.add(args[++i]);
        }
        continue;
      }
      if (eq >= 0) {
        flags.put(name.substring(2), Optional.of(a.substring(eq + 1)));
      } else if (i + 1 < args.length
          && !args[i + 1].startsWith("-")
          && !args[i + 1].startsWith("@")) {
        flags.put(name.substring(2), Optional.of(args[++i]));
      } else {
        flags.put(name.substring(2), Optional.empty());
      }
    }
    return new ScriptFlagArguments(List.copyOf(rest), flags);
  }
}
