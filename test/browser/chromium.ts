/**
 * The one place the browser tests and `npm run bench:web` get headless Chromium from (README "Tests"): `CHROMIUM_PATH`
 * if set, else a system Chromium on PATH, else the one packaged in the devDependency `@sparticuz/chromium`, unpacked
 * once per version into the temp folder. playwright-core drives it; never a downloaded browser (`npx playwright
 * install` needs a network this project does not assume).
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { chromium, type Browser } from "playwright-core";

/** Flags for every Chromium alike: no sandbox (root in CI), no GPU, and nothing that reaches out to the network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const SYSTEM_NAMES = ["chromium", "chromium-browser"];
const PACKAGE = "@sparticuz/chromium";
/** A browser that does not come up within this fails the hook that launched it, well inside vitest's hookTimeout. */
const LAUNCH_TIMEOUT_MS = 30_000;

export interface ChromiumBinary {
  path: string;
  source: "CHROMIUM_PATH" | "system" | typeof PACKAGE;
  /** Environment the browser needs on top of ours (the packaged one: its font configuration). */
  env?: Record<string, string>;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function systemChromium(): string | undefined {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) {
      if (isExecutable(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

/**
 * The packaged browser ships brotli-compressed (~70 MB) and `executablePath()` unpacks it (~210 MB) into
 * `os.tmpdir()`, trusting whatever `<tmp>/chromium` is already there. Several test files launch at once, and a killed
 * unpack would leave a truncated binary behind; so it unpacks into a fresh staging folder (by pointing TMPDIR there for
 * the synchronous start of the call, where the package reads it) that is renamed atomically to
 * `<tmp>/rota-chromium-<version>`.
 *
 * Without any font Chromium aborts as soon as a page renders text (Skia: "Not implemented"), and a bare machine may
 * have none: the package's own fonts.conf names only `/tmp/fonts`, so a fonts.conf of ours adds the unpacked fonts to
 * the system's configuration (which keeps rendering as before where the system has fonts).
 */
async function packagedChromium(): Promise<ChromiumBinary> {
  const unavailable = (why: string) =>
    new Error(`No Chromium found: CHROMIUM_PATH is unset, no ${SYSTEM_NAMES.join(" or ")} is on PATH, and ${why}`);
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw unavailable(`the packaged one (${PACKAGE}) is a Linux x64 build: set CHROMIUM_PATH to a Chromium or Chrome.`);
  }
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(PACKAGE);
  } catch {
    throw unavailable(`the devDependency ${PACKAGE} is not installed: run \`npm ci\` (or set CHROMIUM_PATH).`);
  }
  const manifest = readFileSync(join(dirname(entry), "..", "package.json"), "utf8");
  const target = join(tmpdir(), `rota-chromium-${(JSON.parse(manifest) as { version: string }).version}`);
  const fontsConf = join(target, "fonts.conf");
  const binary: ChromiumBinary = { path: join(target, "chromium"), source: PACKAGE, env: { FONTCONFIG_FILE: fontsConf } };
  if (existsSync(binary.path)) return binary;

  const { default: packaged } = await import("@sparticuz/chromium");
  const staging = mkdtempSync(join(tmpdir(), "rota-chromium-unpack-"));
  try {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    let unpacked: Promise<string>;
    try {
      unpacked = packaged.executablePath();
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    const path = await unpacked;
    if (path !== join(staging, "chromium")) throw new Error(`${PACKAGE} unpacked to ${path}, not into ${staging}`);
    writeFileSync(
      join(staging, "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
        `  <dir>${join(target, "fonts", "fonts")}</dir>\n` +
        `  <cachedir>${join(target, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, target);
    } catch (err) {
      if (!existsSync(binary.path)) throw err; // otherwise another process finished first: use its copy
    }
    return binary;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Which Chromium the tests and benchmarks use, in the order CHROMIUM_PATH, system, packaged. */
export async function findChromium(): Promise<ChromiumBinary> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!isExecutable(configured)) {
      throw new Error(
        `CHROMIUM_PATH=${configured} is not an executable file. Fix it, or unset it to use a system Chromium or the packaged one.`,
      );
    }
    return { path: configured, source: "CHROMIUM_PATH" };
  }
  const system = systemChromium();
  if (system) return { path: system, source: "system" };
  return packagedChromium();
}

export async function launchChromium(): Promise<Browser> {
  const binary = await findChromium();
  try {
    const env = binary.env && { ...process.env, ...binary.env };
    return await chromium.launch({ executablePath: binary.path, args: CHROMIUM_ARGS, env, timeout: LAUNCH_TIMEOUT_MS });
  } catch (err) {
    throw new Error(`Could not launch Chromium ${binary.path} (from ${binary.source}): ${(err as Error).message}`);
  }
}
