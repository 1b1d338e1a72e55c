import { runAll } from "./probes.mjs";
const results = await runAll();
for (const [name, r] of Object.entries(results)) console.log("PROBE " + JSON.stringify({ name, ...r }));
