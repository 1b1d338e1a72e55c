package dev.graft.scripting.node;

import dev.graft.scripting.api.ScriptPermissions;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides which URLs a script may fetch: its scheme must be http or https and its host one the
 * script is granted ({@code api.github.com}; {@code *.github.com} for the subdomains, not the
 * domain itself; with {@code :PORT} for that port only). Names are compared whole and without case;
 * an IP address is a name like any other (granting {@code 127.0.0.1} does not grant {@code
 * localhost}).
 */
public final class HostGrants {
  private final List<String> grants;
  private final ScriptPermissions.GrantAdvice advice;
  private final String who;

  public HostGrants(ScriptPermissions permissions, String who) {
    this.grants = permissions.net().stream().map(g -> g.toLowerCase(Locale.ROOT)).toList();
    this.advice = permissions.advice();
    this.who = who;
  }

  /**
   * Checks {@code uri} for {@code call}.
   *
   * @throws NodeError ERR_ACCESS_DENIED naming the grant to add, or ERR_INVALID_URL
   */
  public void check(String call, URI uri) throws NodeError {
    String scheme = Optional.ofNullable(uri.getScheme()).orElse("").toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new NodeError(
          "ERR_INVALID_URL_SCHEME",
          call + ": graft fetches http and https URLs only, not " + scheme + ":");
    }
    String host = hostOf(uri);
    if (host.isEmpty()) {
      throw new NodeError("ERR_INVALID_URL", call + ": the URL has no host");
    }
    int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    if (!allows(host, port)) {
      String grant = uri.getPort() >= 0 ? host + ":" + port : host;
      throw NodeError.denied(
          call
              + ": network access to "
              + grant
              + " is not granted to "
              + who
              + "; "
              + advice.add("net", grant));
    }
  }

  /** The host of {@code uri}, lower case, without IPv6 brackets. */
  static String hostOf(URI uri) {
    String host = Optional.ofNullable(uri.getHost()).orElse("").toLowerCase(Locale.ROOT);
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  boolean allows(String host, int port) {
    for (String g : grants) {
      String name = g;
      int colon = g.lastIndexOf(':');
      if (colon > 0 && g.indexOf(']') < colon && g.chars().filter(c -> c == ':').count() == 1) {
        String p = g.substring(colon + 1);
        name = g.substring(0, colon);
        if (!p.matches("[0-9]{1,5}") || Integer.parseInt(p) != port) {
          continue;
        }
      }
      if (name.startsWith("[") && name.endsWith("]")) {
        name = name.substring(1, name.length() - 1);
      }
      if (name.startsWith("*.")) {
        String domain = name.substring(1);
        if (host.endsWith(domain) && host.length() > domain.length()) {
          return true;
        }
      } else if (name.equals(host)) {
        return true;
      }
    }
    return false;
  }
}
