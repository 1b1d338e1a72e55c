package dev.graft.cli.host;

import dev.graft.cli.trust.ScriptLocations;
import dev.graft.runtime.config.GraftHome;
import dev.graft.runtime.config.ScriptGrants;
import dev.graft.runtime.config.Settings;
import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.api.ScriptFile;
import dev.graft.scripting.api.ScriptPermissions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What each script of a run may reach through Node's modules: its grants from settings.json (yours
 * for your scripts and global packages, the project's for its trusted scripts and packages, by the
 * script's name or {@code package:NAME}) and what its package's manifest asks, once you approved
 * it; paths resolved against the project folder ({@code "."}) and your home ({@code "~/..."}). A
 * refused call names the setting to add.
 */
public final class ScriptAccess {
  private final GraftHome home;
  private final Path userHome;
  private final Map<String, String> environment;

  /** Why nothing is granted here, where no grant can be given; empty: settings grant. */
  private final Optional<String> withoutGrants;

  public ScriptAccess(GraftHome home, Path userHome, Map<String, String> environment) {
    this(home, userHome, environment, Optional.empty());
  }

  private ScriptAccess(
      GraftHome home,
      Path userHome,
      Map<String, String> environment,
      Optional<String> withoutGrants) {
    this.home = home;
    this.userHome = userHome;
    this.environment = Map.copyOf(environment);
    this.withoutGrants = withoutGrants;
  }

  /**
   * The same access granting nothing, where no grant can be given (a test session): a refused call
   * says {@code why} instead of naming a settings file.
   */
  public ScriptAccess withoutGrants(String why) {
    return new ScriptAccess(home, userHome, environment, Optional.of(why));
  }

  /** Access as graft gives it in this process: this user's home and graft's own environment. */
  public static ScriptAccess forThisUser(GraftHome home) {
    return new ScriptAccess(home, Path.of(System.getProperty("user.home", "/")), System.getenv());
  }

  /**
   * Who {@code script} is for its grants: its settings key (its name, or {@code package:NAME}),
   * whether the project grants it (else your settings do), its package, and what it is granted
   * there together with what its package asks, once approved.
   */
  public record Grantee(
      String key,
      boolean project,
      Optional<String> packageName,
      ScriptGrants.Grant grant,
      Optional<ScriptGrants.Grant> unapprovedAsks) {}

  public static Grantee grantee(ScriptLocations.Plan plan, ScriptFile script) {
    Optional<ScriptLocations.Location> at = plan.locationOf(script);
    ScriptLocations.Source source =
        at.map(ScriptLocations.Location::source).orElse(ScriptLocations.Source.OPTION);
    boolean project =
        source == ScriptLocations.Source.PROJECT
            || source == ScriptLocations.Source.PROJECT_PACKAGE;
    Optional<String> pkg = at.flatMap(ScriptLocations.Location::packageName);
    String key = pkg.map(n -> "package:" + n).orElse(script.name());
    ScriptGrants.Grant grant =
        (project ? plan.grants().forProjectScript(key) : plan.grants().forUserScript(key))
            .orElse(ScriptGrants.Grant.NONE);
    Optional<ScriptGrants.Grant> unapproved = Optional.empty();
    if (pkg.isPresent()) {
      Optional<ScriptLocations.PackagePlan> p =
          plan.packagePlans().stream()
              .filter(pp -> pp.entry().name().equals(pkg.get()) && pp.project() == project)
              .findFirst();
      if (p.isPresent() && !p.get().asks().isEmpty()) {
        if (p.get().asksApproved()) {
          grant = grant.plus(p.get().asks());
        } else {
          unapproved = Optional.of(p.get().asks());
        }
      }
    }
    return new Grantee(key, project, pkg, grant, unapproved);
  }

  /**
   * What each of {@code scripts} may reach beyond graft's API, as {@code graft scripts list} shows
   * it: one line per kind of grant ("run git", "read ., ~/.pi"), "nothing beyond graft's API"
   * without any, and what its package asks that you have not approved, with the command that does.
   */
  public static Map<Path, List<String>> describe(
      ScriptLocations.Plan plan, List<ScriptFile> scripts) {
    Map<Path, List<String>> out = new LinkedHashMap<>();
    for (ScriptFile script : scripts) {
      Grantee who = grantee(plan, script);
      List<String> lines = new ArrayList<>(who.grant().describe());
      if (lines.isEmpty()) {
        lines.add("nothing beyond graft's API");
      }
      who.unapprovedAsks()
          .ifPresent(asks ->
              lines.add(
                  "asks, not approved: "
                      + String.join("; ", asks.describe())
                      + " (graft scripts trust --global --package "
                      + who.packageName().orElse("?")
                      + ")"));
      out.put(script.path(), List.copyOf(lines));
    }
    return out;
  }

  /** {@code script}'s access in a run whose plan is {@code plan}, working in {@code cwd}. */
  public NodeAccess of(ScriptLocations.Plan plan, ScriptFile script, Path cwd) {
    if (withoutGrants.isPresent()) {
      return new NodeAccess(
          cwd,
          userHome,
          environment,
          ScriptPermissions.none(
              new ScriptPermissions.GrantAdvice.NoGrants(script.name(), withoutGrants.get())));
    }
    Grantee who = grantee(plan, script);
    String key = who.key();
    boolean project = who.project();
    Optional<String> pkg = who.packageName();
    ScriptGrants.Grant grant = who.grant();
    String after =
        who.unapprovedAsks()
            .map(asks ->
                " (or approve what the package asks, "
                    + String.join("; ", asks.describe())
                    + ": graft scripts trust --global --package "
                    + pkg.orElse("?")
                    + ")")
            .orElse("");
    if (project) {
      after +=
          pkg.isPresent()
              ? " (then trust the package again: graft scripts trust --package " + pkg.get() + ")"
              : " (then trust the project's scripts again: graft scripts trust "
                  + plan.project().map(ScriptLocations.Project::dir).map(Path::toString).orElse(".")
                  + ")";
    }
    Path settings = project ? Settings.projectFile(cwd) : home.settings();
    ScriptPermissions permissions =
        new ScriptPermissions(
            paths(grant.read(), cwd),
            paths(grant.write(), cwd),
            List.copyOf(grant.net()),
            grant.env(),
            new ScriptPermissions.GrantAdvice.InSettings(key, settings, after));
    return new NodeAccess(cwd, userHome, environment, permissions);
  }

  /** Grants as absolute paths: "." and "./x" against the project, "~/x" against your home. */
  private List<String> paths(Set<String> given, Path cwd) {
    Set<String> out = new TreeSet<>();
    for (String g : given) {
      String p;
      if (g.equals("~")) {
        p = userHome.toString();
      } else if (g.startsWith("~/")) {
        p = userHome.resolve(g.substring(2)).toString();
      } else if (g.startsWith("/")) {
        p = g;
      } else {
        p = cwd.resolve(g).toString();
      }
      out.add(normalize(p));
    }
    return new ArrayList<>(out);
  }

  /** {@code .} and {@code ..} resolved by name, a glob's characters kept. */
  private static String normalize(String p) {
    List<String> parts = new ArrayList<>();
    for (String part : p.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        if (!parts.isEmpty()) {
          parts.remove(parts.size() - 1);
        }
        continue;
      }
      parts.add(part);
    }
    return "/" + String.join("/", parts);
  }
}
