package dev.graft.cli.modes;

/**
 * The handler of one RPC command type. It writes its response (now, or from the agent thread when
 * done); an {@link IllegalArgumentException} or {@link IllegalStateException} it throws is answered
 * as an error with its message, any other exception with its class name too.
 */
@FunctionalInterface
interface RpcCommand {
  void run(RpcRequest request) throws Exception;
}
