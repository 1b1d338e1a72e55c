package dev.graft.scripting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graft's pure Node built-ins behave as Node's: the same probe, over many inputs, runs in a graft
 * script and in node, and the two answers must be equal (path, url, querystring, util.format,
 * Buffer's encodings, hashes and HMACs, string_decoder, events).
 */
class NodeBuiltinsTest {
  @TempDir Path temp;

  private void same(String imports, String body) {
    JsonNode graft;
    try (ScriptFixture f = new ScriptFixture(temp)) {
      graft = NodeProbe.inGraft(f, imports, body);
    }
    JsonNode node = NodeProbe.inNode(temp, imports, body);
    assertThat(NodeProbe.differences(graft, node)).isEmpty();
  }

  @Test
  void pathAsNode() {
    same(
        "import path from \"node:path\"; import { join, resolve as res } from \"path\";",
        """
        async function probe() {
          const inputs = ["", ".", "..", "/", "//", "///a", "a", "a/", "a//b", "/a/b/", "a/./b", "a/../b", "../a", "/..",
            "/../a", "a/b/../../..", "./", "../", "foo/bar/baz/asdf/quux/..", "/foo/bar//baz/asdf/quux/..", ".a", "a.",
            "a..b", "..a", "a.b.c", "/a/b.c/", "/a/.b", "file.tar.gz", "C:\\\\x", "a\\\\b", "~/x", "//a//b//", "/a/b/c/.."];
          const out = {};
          for (const p of inputs) {
            out[JSON.stringify(p)] = [path.normalize(p), path.dirname(p), path.basename(p), path.basename(p, ".c"),
              path.extname(p), path.isAbsolute(p), path.parse(p), path.join("x", p), path.join(p, "y"),
              path.relative("/a/b/c", p.startsWith("/") ? p : "/" + p), path.format(path.parse(p))];
          }
          out.resolve = [res("/a", "b", "../c"), res("/a/", "/b/"), res("/a", ""), res("/x/y", "..", "z/")];
          out.relative = [path.relative("/a/b", "/a/b"), path.relative("/a/b", "/a/c/d"), path.relative("/", "/a"),
            path.relative("/a/b/c", "/a"), path.relative("/aa", "/a")];
          out.basename = [path.basename(".js", ".js"), path.basename("a.js", ".js"), path.basename("/a/b.js/", ".js"),
            path.basename("aaa/bbb", "bbb"), path.basename("x.js", "js")];
          out.format = [path.format({ dir: "/a", base: "b.c" }), path.format({ root: "/", name: "n", ext: "e" }),
            path.format({ name: "n", ext: ".e" }), path.format({ dir: "d", name: "n" })];
          out.join = [join(), join(""), join("", ""), join("/a", "", "b")];
          out.sep = [path.sep, path.delimiter, path.posix === path];
          let error;
          try { path.join("a", 1); } catch (e) { error = [e.name, e.code]; }
          out.error = error;
          return out;
        }
        """);
  }

  @Test
  void urlAsNode() {
    same(
        "import { URL, URLSearchParams, fileURLToPath, pathToFileURL } from \"node:url\";",
        """
        async function probe() {
          const cases = [["http://example.com"], ["HTTP://EXAMPLE.COM:80/a/./b/../c?q=1#h"], ["https://u:p@h.com:8443/p"],
            ["https://h.com:443/"], ["http://[::1]:8080/x"], ["http://[2001:db8:0:0:0:0:2:1]/"], ["http://0x7f.1/"],
            ["http://192.168.0.257/"], ["http://a b/"], ["mailto:a@b.c"], ["data:text/plain,hi there"],
            ["file:///tmp/a%20b"], ["file://localhost/etc"], ["ws://h/"], ["foo://h/p?q#f"], ["foo:/p"],
            ["http://h/a b?c d#e f"], ["http://h/%7e?%7e"], ["http://h/ü?ü#ü"], ["http://xn--n3h.com/"],
            ["http://ExAmple.COM./"], ["http://h:/"], ["http://h:65536/"], ["http://h/\\\\a\\\\b"], ["  http://h/ \\n"],
            ["../c", "http://a/b/d"], ["?x", "http://a/b?y#z"], ["#f", "http://a/b?y"], ["//o/p", "https://a/b"],
            ["/abs", "http://a/b/c"], ["", "http://a/b?c#d"], ["g;x?y#s", "http://a/b/c/d;p?q"], ["../../../g", "http://a/b/c/d;p?q"],
            ["http:g", "http://a/b/c"], ["x", "mailto:a"], ["not a url"], ["http://"], ["https://a/%zz"],
            ["http://h/?a=1&b=2 3&c='"], ["sc://ñ/"], ["http://h/a/%2e%2E/b"], ["http://h/a/.."]];
          const out = [];
          for (const [input, base] of cases) {
            try {
              const u = base === undefined ? new URL(input) : new URL(input, base);
              out.push([u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname,
                u.search, u.hash, [...u.searchParams]]);
            } catch (e) {
              out.push([e.name, e.code, input]);
            }
          }
          const u = new URL("http://h/p?a=1");
          u.searchParams.append("b", "x y&z");
          u.pathname = "/q r";
          u.hash = "frag ment";
          u.port = "8080";
          u.searchParams.delete("a");
          out.push(u.href);
          const sp = new URLSearchParams("?a=1&b=%20x+y&a=2&c");
          sp.sort();
          out.push([sp.toString(), sp.getAll("a"), sp.get("c"), sp.has("b"), sp.size,
            new URLSearchParams({ x: "1 2", "y&": "é" }).toString(), new URLSearchParams([["k", "v"]]).toString()]);
          out.push([fileURLToPath("file:///tmp/a%20b"), pathToFileURL("/tmp/a b#?%").href, URL.canParse("x:")]);
          return out;
        }
        """);
  }

  @Test
  void querystringAsNode() {
    same(
        "import qs from \"node:querystring\";",
        """
        async function probe() {
          const inputs = ["", "a=1", "a=1&b=2", "a=1&a=2&a=3", "a", "a=", "=b", "&&a=1&&", "a=%20b+c", "a=%zz", "a=%E2%82",
            "%F0%9F%98%80=x", "a[]=1&a[]=2", "a=1;b=2", "__proto__=x", "toString=y"];
          const out = {};
          for (const s of inputs) out[s] = [qs.parse(s), qs.parse(s, ";")];
          out.stringify = [qs.stringify({ a: 1, b: [2, 3], c: "x y", d: "é&=", e: true, f: null, g: undefined, h: NaN, i: {} }),
            qs.stringify({ a: "b" }, ";", ":"), qs.escape("a b+c/é"), qs.unescape("a%20b%zz+")];
          return out;
        }
        """);
  }

  @Test
  void utilFormatAsNode() {
    same(
        "import util from \"node:util\";",
        """
        async function probe() {
          class Point { constructor() { this.x = 1; } }
          class Named { toString() { return "named!"; } }
          const cyclic = { a: 1 };
          cyclic.self = cyclic;
          return [
            util.format("%s %s", "a", "b", "extra", 3),
            util.format("%d %i %f", "42.5", "42.5", "42.5"),
            util.format("%s", -0), util.format("%d", -0), util.format("%s", 10n), util.format("%d", 10n),
            util.format("%j", { a: [1, "x"] }), util.format("%j", cyclic),
            util.format("%%s %s", "x"), util.format("%s"), util.format("a", "b", 1, null, undefined),
            util.format(1, 2), util.format("%o", [1]), util.format("%O", { a: { b: { c: { d: 1 } } } }),
            util.format("%s", { a: 1 }), util.format("%s", [1, 2]), util.format("%s", new Named()),
            util.format("%s", null), util.format("%s", undefined), util.format("%s", Symbol("s")),
            util.format("%c styled", "color: red"), util.format("%x %s", 1),
            util.inspect({ a: 1, b: "x", c: [1, 2, 3], d: { e: { f: { g: 1 } } } }),
            util.inspect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), util.inspect(new Map([["k", 1]])), util.inspect(new Set([1, "a"])),
            util.inspect("it's"), util.inspect(new Point()), util.inspect(Object.create(null)),
            util.inspect({ "a-b": 1, [Symbol("s")]: 2 }), util.inspect(cyclic), util.inspect(function named() {}),
            util.inspect(() => {}), util.inspect(class A {}), util.inspect(null), util.inspect(new Date(0)),
            util.inspect(/re/g), util.inspect([undefined, null, , 4]), util.inspect({ long: "x".repeat(90) }),
            util.inspect(Array.from({ length: 30 }, (_, i) => "item" + i)),
          ];
        }
        """);
  }

  @Test
  void bufferEncodingsAsNode() {
    same(
        "import { Buffer } from \"node:buffer\";",
        """
        async function probe() {
          const texts = ["", "hello", "héllo wörld", "€", "😀", "\\ud800", "a\\udc00b", "\\u0000\\u00ff", "日本語"];
          const encodings = ["utf8", "utf16le", "latin1", "ascii", "base64", "base64url", "hex"];
          const out = {};
          for (const t of texts) {
            for (const e of encodings) {
              const b = Buffer.from(t, "utf8");
              out[t + "|" + e] = [b.toString(e), Buffer.byteLength(t, e), Array.from(Buffer.from(t, e))];
            }
          }
          const bad = [[0xff, 0xfe, 0x41], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc0, 0x80], [0xed, 0xa0, 0x80, 0x41]];
          out.badUtf8 = bad.map((b) => Buffer.from(b).toString("utf8"));
          out.lenientBase64 = ["aGk=", "aGk", "a G k =", "aGk==junk", "a-_b", "!!aGk"].map((s) => Array.from(Buffer.from(s, "base64")));
          out.hex = ["0g12", "abc", "ABCD", "zz"].map((s) => Array.from(Buffer.from(s, "hex")));
          const b = Buffer.alloc(10);
          b.writeUInt32BE(0xdeadbeef, 0);
          b.writeInt16LE(-2, 4);
          b.write("hi", 6);
          out.rw = [Array.from(b), b.readUInt32BE(0), b.readInt16LE(4), b.toString("hex", 6, 8), b.indexOf("hi"), b.includes(0xef),
            Buffer.concat([Buffer.from("a"), Buffer.from("bc")]).toString(), Buffer.compare(Buffer.from("a"), Buffer.from("b")),
            b.subarray(6, 8).toString(), Buffer.from([1, 2, 3]).toJSON(), Buffer.isBuffer(b), Buffer.isEncoding("UTF-8"),
            Buffer.alloc(5, "ab").toString(), Buffer.from("abc").equals(Buffer.from("abc")), b.slice(6).length,
            JSON.stringify(Buffer.from("x")), atob("aGk="), btoa("hi"), Buffer.from(new Uint16Array([1, 256])).length];
          return out;
        }
        """);
  }

  @Test
  void hashesAndHmacsAsNode() {
    same(
        "import crypto from \"node:crypto\";",
        """
        async function probe() {
          const out = {};
          for (const alg of ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-256", "sha3-256"]) {
            out[alg] = [crypto.createHash(alg).update("").digest("hex"), crypto.createHash(alg).update("abc").update("def", "utf8").digest("base64"),
              crypto.createHmac(alg, "key").update("message").digest("hex"), crypto.createHmac(alg, "").update("x").digest("hex"),
              crypto.createHash(alg).update(Buffer.from([0, 1, 2, 255])).digest().length];
          }
          out.oneShot = crypto.hash("sha1", "abc");
          out.uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID());
          out.random = [crypto.randomBytes(16).length, crypto.getRandomValues(new Uint8Array(8)).length,
            globalThis.crypto.randomUUID().length];
          out.subtle = Buffer.from(await crypto.subtle.digest("SHA-256", Buffer.from("abc"))).toString("hex");
          out.equal = [crypto.timingSafeEqual(Buffer.from("ab"), Buffer.from("ab")), crypto.timingSafeEqual(Buffer.from("ab"), Buffer.from("ac"))];
          let error;
          try { crypto.createHash("nope"); } catch (e) { error = e.message; }
          out.error = error;
          return out;
        }
        """);
  }

  @Test
  void stringDecoderAndEventsAsNode() {
    same(
        "import { StringDecoder } from \"node:string_decoder\"; import { EventEmitter, once } from \"node:events\";",
        """
        async function probe() {
          const bytes = Buffer.from("a€😀b", "utf8");
          const splits = [];
          for (let i = 0; i <= bytes.length; i++) {
            const d = new StringDecoder("utf8");
            splits.push(d.write(bytes.subarray(0, i)) + "|" + d.write(bytes.subarray(i)) + "|" + d.end());
          }
          const seen = [];
          const e = new EventEmitter();
          e.on("x", (v) => seen.push("on " + v));
          e.once("x", (v) => seen.push("once " + v));
          e.prependListener("x", (v) => seen.push("first " + v));
          e.emit("x", 1);
          e.emit("x", 2);
          let unhandled;
          try { e.emit("error", new Error("boom")); } catch (err) { unhandled = err.message; }
          setTimeout(() => e.emit("later", 7, 8), 1);
          const args = await once(e, "later");
          return { splits, seen, unhandled, args, count: e.listenerCount("x"), names: e.eventNames() };
        }
        """);
  }
}
