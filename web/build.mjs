#!/usr/bin/env node
/**
 * Builds the browser planner into web/dist (served by the Worker as static assets, see wrangler.toml):
 *   app.js (+ chunks/)   the page (web/src/main.ts); file validation (zod) is a lazily loaded chunk
 *   solver-worker.js     the local solver Web Worker
 *   rota.wasm            the solver core, copied from build/ (npm run build:wasm)
 *   public/*             index.html, styles.css, manifest, icons (PNG icons are drawn here); _headers, the response
 *                        headers of these files (Cloudflare static assets)
 *   sw.js                the service worker, with the list of files to precache and a cache name derived from the
 *                        content hash of everything else, so each deploy with a change gets a fresh cache
 * Usage: node web/build.mjs [--outdir dir] [--no-minify]
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const WEB = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(WEB, "..");

const common = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2022", "chrome110", "firefox115", "safari16"],
  alias: { "@hono/zod-openapi": join(WEB, "src/shims/zod-openapi.ts") },
  legalComments: "none",
  logLevel: "warning",
};

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// ---- PNG icons (no image library: a tiny RGBA encoder over node:zlib) --------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** The same drawing as public/icons/icon.svg (64-unit grid): a rounded tile with three shift bars. */
function iconPixel(size) {
  const unit = size / 64;
  const inRounded = (x, y, rx, ry, w, h, r) => {
    if (x < rx || y < ry || x >= rx + w || y >= ry + h) return false;
    const cx = Math.min(Math.max(x, rx + r), rx + w - r);
    const cy = Math.min(Math.max(y, ry + r), ry + h - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const bars = [
    [12, 15, 26, [0x8f, 0xd3, 0xff]],
    [24, 28, 28, [0xff, 0xff, 0xff]],
    [16, 41, 22, [0xff, 0xd2, 0x8a]],
  ];
  return (px, py) => {
    const x = (px + 0.5) / unit;
    const y = (py + 0.5) / unit;
    for (const [bx, by, bw, color] of bars) if (inRounded(x, y, bx, by, bw, 8, 3)) return [...color, 255];
    return inRounded(x, y, 0, 0, 64, 64, 14) ? [0x1d, 0x4f, 0x73, 255] : [0, 0, 0, 0];
  };
}

// ---- the build -----------------------------------------------------------------------------------------------------

export async function buildWeb({ outdir = join(WEB, "dist"), minify = true } = {}) {
  const wasm = join(ROOT, "build/rota.wasm");
  if (!existsSync(wasm)) throw new Error("build/rota.wasm is missing: run `npm run build:wasm` first.");
  const staging = `${outdir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });

  cpSync(join(WEB, "public"), staging, { recursive: true });
  cpSync(wasm, join(staging, "rota.wasm"));
  writeFileSync(join(staging, "icons/icon-192.png"), png(192, iconPixel(192)));
  writeFileSync(join(staging, "icons/icon-512.png"), png(512, iconPixel(512)));

  await build({
    ...common,
    entryPoints: { app: join(WEB, "src/main.ts") },
    outdir: staging,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    minify,
    sourcemap: minify ? false : "linked",
  });
  await build({
    ...common,
    entryPoints: { "solver-worker": join(WEB, "src/solve/solver-worker.ts") },
    outdir: staging,
    minify,
    sourcemap: minify ? false : "linked",
  });

  // Everything but source maps is precached; the cache name is the hash of exactly those bytes.
  const precached = filesUnder(staging)
    .map((path) => relative(staging, path).split("\\").join("/"))
    .filter((path) => !path.endsWith(".map") && path !== "_headers") // _headers configures the host, it is not served
    .sort();
  const hash = createHash("sha256");
  for (const path of precached) hash.update(path).update(readFileSync(join(staging, path)));
  const version = hash.digest("hex").slice(0, 12);
  const precache = ["./", ...precached.filter((p) => p !== "index.html")];

  await build({
    ...common,
    entryPoints: { sw: join(WEB, "src/sw/service-worker.ts") },
    outdir: staging,
    minify,
    define: { CACHE_VERSION: JSON.stringify(version), PRECACHE: JSON.stringify(precache) },
  });

  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
  return { outdir, version, files: precache.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--outdir");
  const result = await buildWeb({
    outdir: at >= 0 ? resolve(args[at + 1]) : undefined,
    minify: !args.includes("--no-minify"),
  });
  console.log(`web: built ${relative(ROOT, result.outdir)} (version ${result.version}, ${result.files} precached files)`);
}
