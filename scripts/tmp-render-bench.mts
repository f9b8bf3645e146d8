import { createApp } from "../src/app.ts";
import { standInD1, warmUp } from "../src/warmup.ts";
import { standInLeaderboardObjects, standInLeaderboardRows } from "../src/warmup-leaderboard.ts";
const app = createApp();
const board = { DB: standInD1(standInLeaderboardRows, standInLeaderboardObjects), DATASETS: { get: async () => null } };
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
const path = process.argv[2] ?? "/";
const doWarm = process.argv.includes("--warm");
if (doWarm) await warmUp(app, false);
const t0 = performance.now();
const r0 = await app.fetch(new Request(`http://x${path}`), board, ctx);
const b0 = await r0.text();
const first = performance.now() - t0;
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  const r = await app.fetch(new Request(`http://x${path}`), board, ctx);
  await r.text();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`${path} status ${r0.status} ${b0.length} chars; first ${first.toFixed(2)} ms; warm median ${times[100].toFixed(3)} ms p10 ${times[20].toFixed(3)}`);
import { writeFileSync } from "node:fs";
writeFileSync("/tmp/rb/page.html", b0);
