package dev.graft.cli;

import dev.graft.runtime.config.EditDistance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options on a run's command line that are not graft's, taken out before picocli parses the
 * rest, as the reference takes them: {@code --name=value}, {@code --name value} (when the next
 * argument starts with neither {@code -} nor {@code @}; that argument stays a prompt too until the
 * scripts say whether the flag takes a value) or a bare {@code --name}. They are for the scripts
 * that register them ({@code pi.registerFlag}); one that no script registers is an error once the
 * scripts are loaded. One a letter away from one of graft's own options ({@code --scriptz}) is a
 * typo, left for picocli to report with its suggestions.
 */
record ScriptFlagArguments(
    List<String> rest, Map<String, Optional<String>> flags, Set<String> withNextArgument) {
  static ScriptFlagArguments split(String[] args, CommandSpec spec) {
    List<String> rest = new ArrayList<>();
    Map<String, Optional<String>> flags = new LinkedHashMap<>();
    Set<String> withNext = new LinkedHashSet<>();
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
      if (option != null || !a.startsWith("--") || name.length() == 2 || typo(name, spec)) {
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
        // kept as a prompt too: only a string flag a script registers takes it
        flags.put(name.substring(2), Optional.of(args[i + 1]));
        withNext.add(name.substring(2));
      } else {
        flags.put(name.substring(2), Optional.empty());
      }
    }
    return new ScriptFlagArguments(List.copyOf(rest), flags, Set.copyOf(withNext));
  }

  /** Whether {@code name} is one edit away from a long option of graft's. */
  private static boolean typo(String name, CommandSpec spec) {
    List<String> longNames =
        spec.options().stream()
            .flatMap(o -> List.of(o.names()).stream())
            .filter(n -> n.startsWith("--"))
            .toList();
    return EditDistance.nearest(name, longNames, 1, false).isPresent();
  }
}
