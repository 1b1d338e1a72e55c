package dev.graft.cli.packages;

import dev.graft.cli.base.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * npm as graft runs it: with a configuration file graft writes and no other. No user, global,
 * project or package {@code .npmrc} counts: the command line names graft's file as the user and
 * global configuration, {@code --prefix} names a folder graft made (so npm looks for no project
 * above it), every {@code npm_config_*} variable of graft's environment is dropped, and the ones
 * that keep npm from running anything are set, which an npm that npm starts itself inherits and no
 * {@code .npmrc} overrides. No git (npm's git is a path that does not exist), no lifecycle scripts,
 * no devDependencies, no peer dependencies (the host provides those), no bin links, for a bounded
 * time.
 */
final class Npm {
  private static final Duration LIMIT = Duration.ofMinutes(5);
  private static final String CONFIG =
      """
      ; Written by graft. npm reads this file, and no other, when graft installs script packages.
      ignore-scripts=true
      omit=dev
      legacy-peer-deps=true
      bin-links=false
      install-links=true
      audit=false
      fund=false
      update-notifier=false
      """;

  static final String CONFIG_FILE = "npmrc";
  static final String GLOBAL_CONFIG_FILE = "npmrc-global";

  private final Path config;

  /**
   * What npm runs as git: a path that is never there, so a dependency of a dependency from git
   * fails before anything is cloned (graft refuses such dependencies anyway, after resolving).
   */
  private final Path noGit;

  /** npm refuses one file as both user and global configuration: the global one is empty. */
  private final Path globalConfig;

  /** --offline: npm takes every package from its cache, and fails when one is not there. */
  private final boolean offline;

  /**
   * {@code cacheDir}: where graft keeps its npm configuration files; {@code offline}: npm runs with
   * its own {@code --offline}.
   */
  Npm(Path cacheDir, boolean offline) {
    this.offline = offline;
    this.config = cacheDir.resolve(CONFIG_FILE);
    this.globalConfig = cacheDir.resolve(GLOBAL_CONFIG_FILE);
    this.noGit = cacheDir.resolve("npm-runs-no-git").resolve("git");
  }

  /**
   * Fetches {@code spec} from the registry as a tarball into {@code destination}; npm's JSON
   * report.
   */
  String pack(String spec, Path work, Path destination) {
    return Processes.output(
        new Processes.Run(
            work,
            command(work, "pack", spec, "--json", "--pack-destination", destination.toString()),
            "npm could not fetch " + spec,
            this::environment,
            LIMIT));
  }

  /**
   * Installs the dependencies {@code work}'s package.json names into {@code work/node_modules}:
   * exactly what {@code work}'s package-lock.json says when {@code locked} ({@code npm ci}, from
   * npm's cache when it can), else what the ranges give now ({@code npm install}, which writes the
   * lock file). {@code guard} stops npm early (a size cap).
   */
  void install(Path work, boolean locked, Supplier<Optional<String>> guard) {
    List<String> command =
        locked
            ? command(work, "ci", offline ? "--offline" : "--prefer-offline")
            : command(work, "install", "--package-lock=true");
    if (offline && !locked) {
      command.add("--offline");
    }
    // Peer dependencies are the host's to provide (graft provides the reference's own modules), not
    // installed.
    command.addAll(
        List.of(
            "--omit=dev",
            "--legacy-peer-deps",
            "--no-audit",
            "--no-fund",
            "--install-links",
            "--no-bin-links"));
    try {
      Processes.output(
          new Processes.Run(
              work,
              command,
              "npm could not install the dependencies",
              this::environment,
              LIMIT,
              guard));
    } catch (UserError e) {
      if (offline && e.details().stream().anyMatch(line -> line.contains("ENOTCACHED"))) {
        throw new UserError(
            "a dependency is not in npm's cache, and graft is offline (--offline or"
                + " GRAFT_OFFLINE): run once without it to fetch it");
      }
      throw e;
    }
  }

  private List<String> command(Path work, String... args) {
    writeConfig();
    List<String> command = new ArrayList<>(List.of("npm"));
    command.addAll(List.of(args));
    command.addAll(
        List.of(
            "--ignore-scripts",
            "--userconfig",
            config.toString(),
            "--globalconfig",
            globalConfig.toString(),
            "--prefix",
            work.toString(),
            "--no-update-notifier",
            "--git",
            noGit.toString()));
    return command;
  }

  private void environment(Map<String, String> env) {
    env.keySet().removeIf(k -> k.toLowerCase(Locale.ROOT).startsWith("npm_config_"));
    env.put("npm_config_userconfig", config.toString());
    env.put("npm_config_globalconfig", globalConfig.toString());
    env.put("npm_config_ignore_scripts", "true");
    env.put("npm_config_git", noGit.toString());
    env.put("npm_config_bin_links", "false");
    env.put("npm_config_audit", "false");
    env.put("npm_config_fund", "false");
    env.put("npm_config_update_notifier", "false");
  }

  private void writeConfig() {
    try {
      Files.createDirectories(config.getParent());
      Files.writeString(config, CONFIG, StandardCharsets.UTF_8);
      Files.writeString(
          globalConfig,
          "; Written by graft: empty, so that no global npm configuration counts.\n",
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + config + ": " + e.getMessage(), e);
    }
  }
}
