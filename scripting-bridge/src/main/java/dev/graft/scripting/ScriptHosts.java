package dev.graft.scripting;

import dev.graft.scripting.api.NodeAccess;
import dev.graft.scripting.node.HostGrants;
import dev.graft.scripting.node.NodeError;
import java.net.URI;

/** The hosts a script may reach, as its {@code fetch} may: for a host that sends on its behalf. */
public final class ScriptHosts {
  private ScriptHosts() {}

  /**
   * Checks that the script of {@code access} may reach {@code uri}; {@code what} names the use in
   * the refusal ("its baseUrl https://...").
   *
   * @throws SecurityException naming the {@code net} grant to add
   */
  public static void check(NodeAccess access, String what, URI uri) {
    try {
      new HostGrants(access.permissions(), access.permissions().advice().key()).check(what, uri);
    } catch (NodeError refused) {
      throw new SecurityException(refused.getMessage());
    }
  }
}
