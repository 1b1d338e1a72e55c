package dev.graft.scripting;

import dev.graft.scripting.ArgumentChecks.BadArgument;

/**
 * The envelope every host function a script calls shares (see the prelude for the reply
 * protocol): refused once its script is unloaded, a bad argument answered as a TypeError and any
 * other failure as an Error, each naming the method the script called.
 */
final class HostReplies {
  private HostReplies() {}

  /** One call's work: its reply (a string of the protocol, or null for undefined). */
  interface Work {
    Object run() throws BadArgument, Marshal.NotJson;
  }

  /** {@code work} for a call of {@code name} from {@code s}, unless {@code s} is unloaded. */
  static Object serve(LoadedScript s, String name, Work work) {
    if (!s.serving()) {
      return "E" + name + " was ignored: this script was unloaded (" + s.endReason + ")";
    }
    return guarded(name, work);
  }

  /** {@code work}, its failures turned into replies naming {@code name}. */
  static Object guarded(String name, Work work) {
    try {
      return work.run();
    } catch (BadArgument | Marshal.NotJson e) {
      return "T" + name + ": " + e.getMessage();
    } catch (RuntimeException e) {
      return "E" + name + " failed in graft: " + e.getMessage();
    }
  }
}
