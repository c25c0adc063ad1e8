/**
 * The deployment path (README "Deploying") up to the upload: `wrangler deploy --dry-run` bundles the Worker offline,
 * with no account, and its compressed size stays under the platform's Worker size limit (Cloudflare Workers limits:
 * 3 MiB on the free plan, 10 MiB on the paid plan, measured after gzip). Static assets (web/dist) are uploaded apart
 * and do not count.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { OFFLINE_ENV } from "./wrangler-dev";

const MIB = 1024 * 1024;
const FREE_LIMIT = 3 * MIB;
const PAID_LIMIT = 10 * MIB;

const dir = mkdtempSync(join(tmpdir(), "rota-deploy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("wrangler deploy --dry-run", () => {
  it("bundles the Worker and its Durable Objects offline, compressed under the paid plan's Worker size limit", () => {
    const outdir = join(dir, "out");
    const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
      env: { ...process.env, ...OFFLINE_ENV, XDG_CONFIG_HOME: join(dir, "xdg") },
      encoding: "utf8",
      timeout: 120_000,
    });
    const log = `${run.stdout}${run.stderr}`;
    expect(run.status, log).toBe(0);

    // The modules that would be uploaded: the bundle and the .wasm it imports (the source map and README stay here).
    const modules = readdirSync(outdir).filter((name) => !name.endsWith(".map") && name !== "README.md");
    expect(modules).toEqual(expect.arrayContaining(["index.js", expect.stringMatching(/-rota\.wasm$/)]));
    const main = readFileSync(join(outdir, "index.js"), "utf8");
    expect(main).toMatch(/export \{[^}]*\bDatasetObject\b[^}]*\bSearchObject\b[^}]*\bas default\b/);

    // Measured as the platform measures it: the modules' bytes one after the other, gzip-compressed.
    const bytes = Buffer.concat(modules.map((name) => readFileSync(join(outdir, name))));
    const gzip = gzipSync(bytes).byteLength;
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `Worker bundle: ${kib(bytes.byteLength)}, gzip ${kib(gzip)} = ${((100 * gzip) / FREE_LIMIT).toFixed(1)}% of the free plan's ` +
        `${FREE_LIMIT / MIB} MiB, ${((100 * gzip) / PAID_LIMIT).toFixed(1)}% of the paid plan's ${PAID_LIMIT / MIB} MiB`,
    );
    expect(gzip).toBeLessThan(PAID_LIMIT);

    // wrangler reports the same figure ("Total Upload: X KiB / gzip: Y KiB"): the measure above covers every module.
    const reported = /Total Upload: [\d.]+ KiB \/ gzip: ([\d.]+) KiB/.exec(log);
    expect(reported, log).not.toBeNull();
    expect(Math.abs(Number(reported![1]) * 1024 - gzip) / gzip).toBeLessThan(0.02);
  });
});
