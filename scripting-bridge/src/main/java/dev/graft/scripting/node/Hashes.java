package dev.graft.scripting.node;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hashes and HMACs of {@code node:crypto} ({@code createHash}, {@code createHmac}) on the JDK's
 * own implementations, under Node's names. A script holds each as a numbered handle until it asks
 * for the digest; at most {@link #MAX_OPEN} are open at once per script.
 */
public final class Hashes {
  /** Hashes and HMACs one script may have started and not finished. */
  public static final int MAX_OPEN = 10_000;

  /** Node's names (as {@code crypto.getHashes()} lists them) to the JDK's. */
  private static final Map<String, String> ALGORITHMS =
      Map.ofEntries(
          Map.entry("md5", "MD5"),
          Map.entry("sha1", "SHA-1"),
          Map.entry("sha224", "SHA-224"),
          Map.entry("sha256", "SHA-256"),
          Map.entry("sha384", "SHA-384"),
          Map.entry("sha512", "SHA-512"),
          Map.entry("sha512-224", "SHA-512/224"),
          Map.entry("sha512-256", "SHA-512/256"),
          Map.entry("sha3-224", "SHA3-224"),
          Map.entry("sha3-256", "SHA3-256"),
          Map.entry("sha3-384", "SHA3-384"),
          Map.entry("sha3-512", "SHA3-512"));

  /** A hash or HMAC being fed. */
  private interface Running {
    void update(byte[] bytes);

    byte[] finish();
  }

  private final Map<Integer, Running> open = new HashMap<>();
  private int next = 1;

  /** The names {@code crypto.getHashes()} returns. */
  public static List<String> names() {
    return ALGORITHMS.keySet().stream().sorted().toList();
  }

  /** Starts a hash; its handle. */
  public int hash(String algorithm) {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance(jdkName(algorithm));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("Digest method not supported");
    }
    return add(
        new Running() {
          @Override
          public void update(byte[] bytes) {
            digest.update(bytes);
          }

          @Override
          public byte[] finish() {
            return digest.digest();
          }
        });
  }

  /** Starts an HMAC keyed with {@code key}; its handle. */
  public int hmac(String algorithm, byte[] key) {
    Mac mac;
    try {
      String jdk = jdkName(algorithm);
      mac = Mac.getInstance("Hmac" + (jdk.startsWith("SHA-") ? "SHA" + jdk.substring(4) : jdk));
      // The JDK's HMAC refuses an empty key, which Node takes: an all-zero block is the same key
      // (HMAC pads a key with zeros to the block size).
      mac.init(new SecretKeySpec(key.length == 0 ? new byte[1] : key, mac.getAlgorithm()));
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("Invalid digest: " + algorithm);
    }
    return add(
        new Running() {
          @Override
          public void update(byte[] bytes) {
            mac.update(bytes);
          }

          @Override
          public byte[] finish() {
            return mac.doFinal();
          }
        });
  }

  public void update(int handle, byte[] bytes) {
    running(handle).update(bytes);
  }

  /** The digest; the handle is closed. */
  public byte[] digest(int handle) {
    byte[] out = running(handle).finish();
    open.remove(handle);
    return out;
  }

  /** Drops every open hash (the script ended). */
  public void clear() {
    open.clear();
  }

  private Running running(int handle) {
    Running r = open.get(handle);
    if (r == null) {
      throw new IllegalStateException("Digest already called");
    }
    return r;
  }

  private int add(Running r) {
    if (open.size() >= MAX_OPEN) {
      throw new IllegalStateException("more than " + MAX_OPEN + " hashes started and not finished");
    }
    int handle = next++;
    open.put(handle, r);
    return handle;
  }

  private static String jdkName(String algorithm) {
    String name = ALGORITHMS.get(algorithm.toLowerCase(Locale.ROOT).replace("rsa-", ""));
    return Optional.ofNullable(name)
        .orElseThrow(() -> new IllegalArgumentException("Digest method not supported"));
  }
}
