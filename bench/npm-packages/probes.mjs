// One probe per npm package: imports it as a script would and uses its main feature. Each returns
// a short value that must equal what node gives (bench/npm-packages.sh compares the two runs).
// Run by a graft script (hooks/probe.mjs) and by node (run-node.mjs) from the same folder.
// The versions that run on node 20 where the latest do not (execa 10 and undici 8 need node 22).
export const versions = { execa: "^9", undici: "^6" };

export const probes = {
  ms: async () => (await import("ms")).default("2h"),
  semver: async () => (await import("semver")).default.satisfies("1.2.3", "^1.0.0"),
  minimatch: async () => (await import("minimatch")).minimatch("src/a.ts", "src/**/*.ts"),
  ignore: async () => (await import("ignore")).default().add("*.log").ignores("x.log"),
  diff: async () => (await import("diff")).diffLines("a\nb\n", "a\nc\n").length,
  yaml: async () => (await import("yaml")).default.parse("a: [1, 2]").a[1],
  "js-yaml": async () => (await import("js-yaml")).load("b: {c: 3}").b.c,
  zod: async () => {
    const { z } = await import("zod/v4");
    return z.object({ n: z.number().int() }).safeParse({ n: 1.5 }).success;
  },
  ajv: async () => {
    const Ajv = (await import("ajv")).default;
    const check = new Ajv().compile({ type: "object", required: ["a"], properties: { a: { type: "string" } } });
    return [check({ a: "x" }), check({ a: 1 })].join(",");
  },
  "@sinclair/typebox": async () => {
    const { Type } = await import("@sinclair/typebox");
    const { Value } = await import("@sinclair/typebox/value");
    return Value.Check(Type.Object({ a: Type.String() }), { a: "x" });
  },
  entities: async () => (await import("entities")).decodeHTML("&lt;b&gt; &amp; &eacute;"),
  marked: async () => (await import("marked")).marked.parse("# Hi").trim(),
  turndown: async () => {
    const TurndownService = (await import("turndown")).default;
    return new TurndownService().turndown("<h1>Hi</h1><p>a <b>b</b></p>");
  },
  "strip-ansi": async () => (await import("strip-ansi")).default("\u001b[31mred\u001b[0m"),
  chalk: async () => (await import("chalk")).default.level >= 0,
  picocolors: async () => typeof (await import("picocolors")).default.red("x"),
  nanoid: async () => (await import("nanoid")).nanoid(10).length,
  uuid: async () => (await import("uuid")).v4().length,
  "p-limit": async () => {
    const limit = (await import("p-limit")).default(2);
    return (await Promise.all([1, 2, 3].map((n) => limit(async () => n * 2)))).join(",");
  },
  "date-fns": async () => (await import("date-fns")).format(new Date(2020, 0, 2), "yyyy-MM-dd"),
  lodash: async () => JSON.stringify((await import("lodash")).default.chunk([1, 2, 3], 2)),
  "cross-spawn": async () => {
    const spawn = (await import("cross-spawn")).default;
    return spawn.sync("echo", ["spawned"]).stdout.toString().trim();
  },
  execa: async () => (await (await import("execa")).execa("echo", ["via execa"])).stdout,
  "fast-glob": async () => (await (await import("fast-glob")).default("hooks/*.mjs")).length,
  undici: async () => typeof (await import("undici")).request,
};

export async function runAll(only) {
  const out = {};
  for (const [name, probe] of Object.entries(probes)) {
    if (only && !only.includes(name)) continue;
    try {
      out[name] = { ok: true, value: await probe() };
    } catch (e) {
      out[name] = { ok: false, error: String(e && e.message ? e.message : e).split("\n")[0].slice(0, 200) };
    }
  }
  return out;
}
