/**
 * `npm run bench:web`: how long one what-if recommendation takes in the browser on the LARGE demo (~1,000 shifts,
 * 50 employees), in headless Chromium (target: under 50 ms). Every employee is evaluated for the shift with
 * its exact score change and constraint diffs, as the planner's panel shows them. Prints median, p95, mean and max.
 */
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { launchChromium } from "../test/browser/chromium";
import type { BenchResult } from "../web/bench/bench-entry";

// First, so that a missing browser fails before anything else is started (test/browser/chromium.ts).
const browser = await launchChromium();
const server = createServer();
try {
  const bundle = await build({
    entryPoints: ["web/bench/bench-entry.ts"],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    minify: true,
  });
  const files: Record<string, [string, string | Uint8Array]> = {
    "/": ["text/html", `<!doctype html><title>Rota planner bench</title><script type="module" src="/bench.js"></script>`],
    "/bench.js": ["text/javascript", bundle.outputFiles[0].text],
    "/rota.wasm": ["application/wasm", readFileSync("build/rota.wasm")],
  };
  server.on("request", (req, res) => {
    const file = files[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => window.__bench !== undefined, undefined, { timeout: 120_000 });
  const result = (await page.evaluate(() => window.__bench)) as BenchResult | { error: string };
  if ("error" in result) throw new Error(result.error);
  const sorted = [...result.samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(
    `web recommendations, LARGE demo (${result.shifts} shifts, ${result.employees} employees, solved to ${result.score}), headless Chromium ${browser.version()}:\n` +
      `  per recommendation (all ${result.employees} employees ranked, ${sorted.length} shifts): median ${at(0.5).toFixed(2)} ms, ` +
      `p95 ${at(0.95).toFixed(2)} ms, mean ${mean.toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms (target < 50 ms)\n` +
      `  violations of the whole board: ${result.violationsMs.toFixed(2)} ms`,
  );
} finally {
  await browser.close();
  server.close();
}
