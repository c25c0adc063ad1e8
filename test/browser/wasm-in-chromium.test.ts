/**
 * The same .wasm runs in the browser: headless Chromium (./chromium.ts, driven by playwright-core) loads the Wasm and the
 * shared glue from a real HTTP server on 127.0.0.1, solves an instance, and must reach exactly the result Node gets
 * for the same input, seed and budget.
 */
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeProblem } from "../../solver/encode";
import { formatScore } from "../../solver/score";
import { SolverSession } from "../../solver/session";
import { launchChromium } from "./chromium";
import { BROWSER_TEST_BUDGET, BROWSER_TEST_SEED, browserTestInput } from "./fixture";

let server: Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  const bundle = await build({
    entryPoints: ["test/browser/page-entry.ts"],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
  });
  const files: Record<string, [string, string | Uint8Array]> = {
    "/": ["text/html", `<!doctype html><title>Rota wasm</title><script type="module" src="/entry.js"></script>`],
    "/entry.js": ["text/javascript", bundle.outputFiles[0].text],
    "/rota.wasm": ["application/wasm", readFileSync("build/rota.wasm")],
  };
  server = createServer((req, res) => {
    const file = files[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  // Only a server that was created can be closed: close(callback) on nothing would never call back.
  if (server) await new Promise((resolve) => server.close(resolve));
});

describe("the solver in headless Chromium", () => {
  it("instantiates the same .wasm and solves exactly as in Node", async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    await page.waitForFunction(() => window.__rota !== undefined, undefined, { timeout: 60_000 });
    const inBrowser = await page.evaluate(() => window.__rota!);
    if ("error" in inBrowser) throw new Error(`In the browser: ${inBrowser.error}`);

    const module = new WebAssembly.Module(readFileSync("build/rota.wasm"));
    const session = await SolverSession.create(module, encodeProblem(browserTestInput()), { seed: BROWSER_TEST_SEED });
    session.runSlice(BROWSER_TEST_BUDGET);
    expect(inBrowser.score).toBe(formatScore(session.bestScore()));
    expect(inBrowser.assignment).toEqual(Array.from(session.bestAssignment()));
    expect(inBrowser.score).toMatch(/^0hard\/0medium\//);
  });
});
