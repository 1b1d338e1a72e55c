#!/usr/bin/env python3
"""What HotSpot's JIT compiled in one graft process, by family of code (GraalJS's parser, its
nodes, TRegex, the JDK, graft, ...): methods and milliseconds (wall time of each compilation, so
inflated on a loaded machine; compare shares, not totals), one column pair per recording.

Record with a wrapper launcher that bench/hooks-e2e.sh runs (GRAFTS="jfr=/path/to/wrapper"):

    #!/bin/bash
    export JAVA_TOOL_OPTIONS="-XX:StartFlightRecording=filename=/tmp/jit/c-%p.jfr,settings=$CHECKOUT/bench/hooks-e2e/compilation.jfc"
    exec $CHECKOUT/graft "$@"

Usage: bench/hooks-e2e/compile-families.py NAME=FILE.jfr [NAME=FILE.jfr ...]
(the largest recording of a part is its RPC run; the small ones are `graft --version`)
"""
import collections
import json
import os
import subprocess
import sys


def family(cls, name):
    if cls.startswith(("com.oracle.js.parser", "com.oracle.truffle.js.parser")):
        return "GraalJS parser and translator"
    if cls.startswith("com.oracle.truffle.js.nodes"):
        return "GraalJS nodes (hand-written and DSL-generated)"
    if cls.startswith("com.oracle.truffle.js.builtins"):
        return "GraalJS built-ins"
    if cls.startswith("com.oracle.truffle.js"):
        return "GraalJS runtime"
    if cls.startswith("com.oracle.truffle.regex"):
        running = (".tregex.nodes", ".tregex.matchers", ".tregex.string")
        return "TRegex: running" if any(p in cls for p in running) else "TRegex: compiling a regex"
    if cls.startswith("com.oracle.truffle.api.strings"):
        return "Truffle strings"
    if cls.startswith(("com.oracle.truffle.api.object", "com.oracle.truffle.object")):
        return "Truffle object model"
    if cls.startswith(("com.oracle.truffle", "org.graalvm")):
        return "Truffle framework and polyglot"
    if cls.startswith("dev.graft"):
        return "graft"
    if cls.startswith("com.fasterxml.jackson"):
        return "Jackson"
    if cls.startswith("jdk.jfr"):
        return "(the recording itself)"
    if cls.startswith(("java.lang.invoke", "jdk.internal.classfile", "java.lang.reflect", "jdk.internal.reflect")):
        return "JDK: method handles, class generation, reflection"
    if cls.startswith(("jdk.internal.net", "java.net", "sun.nio", "java.nio", "sun.security", "javax.net")):
        return "JDK: HTTP, I/O, TLS"
    if cls.startswith(("java.", "jdk.", "sun.", "javax.")):
        return "JDK: other"
    return "other"


def seconds(iso):  # JFR prints durations as ISO 8601, e.g. PT0.000070S
    return float(iso[2:-1]) if iso.startswith("PT") and iso.endswith("S") else 0.0


def table(path, jfr):
    out = subprocess.run([jfr, "print", "--json", "--events", "jdk.Compilation", path],
                         capture_output=True, text=True, check=True).stdout
    fams = collections.defaultdict(lambda: [0, 0.0])
    for event in json.loads(out)["recording"]["events"]:
        v = event["values"]
        cls = v["method"]["type"]["name"].replace("/", ".")
        row = fams[family(cls, v["method"]["name"])]
        row[0] += 1
        row[1] += seconds(v["duration"]) * 1000
    return fams


def main(args):
    if not args or any("=" not in a for a in args):
        sys.exit(__doc__)
    java_home = os.environ.get("JAVA_HOME") or subprocess.run(
        [os.path.join(os.path.dirname(__file__), "..", "..", "graft"), "java-home"],
        capture_output=True, text=True, check=True).stdout.strip()
    jfr = os.path.join(java_home, "bin", "jfr")
    names = [a.split("=", 1)[0] for a in args]
    tables = [table(a.split("=", 1)[1], jfr) for a in args]
    keys = sorted({k for t in tables for k in t}, key=lambda k: -tables[0].get(k, [0, 0])[1])
    print("| family | " + " | ".join(f"{n}: methods | {n}: ms" for n in names) + " |")
    print("| --- |" + " --- | --- |" * len(names))
    for k in keys + ["all"]:
        cells = []
        for t in tables:
            m, ms = (sum(r[0] for r in t.values()), sum(r[1] for r in t.values())) if k == "all" else t.get(k, [0, 0])
            cells.append(f"{m} | {ms:.0f}")
        print(f"| {k} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
