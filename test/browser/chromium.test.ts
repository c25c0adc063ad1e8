/**
 * Where the browser tests get Chromium (./chromium.ts): CHROMIUM_PATH, else a system Chromium on PATH, else the
 * packaged one; a wrong CHROMIUM_PATH fails at once with what to do, and the packaged one unpacks to the temp folder.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findChromium, launchChromium } from "./chromium";

let saved: { CHROMIUM_PATH?: string; PATH?: string };
let dir: string;

beforeEach(() => {
  saved = { CHROMIUM_PATH: process.env.CHROMIUM_PATH, PATH: process.env.PATH };
  dir = mkdtempSync(join(tmpdir(), "rota-chromium-test-"));
});

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

function fakeExecutable(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, "#!/bin/sh\nexit 1\n");
  chmodSync(path, 0o755);
  return path;
}

describe("finding Chromium", () => {
  it("takes CHROMIUM_PATH first, even with a Chromium on PATH", async () => {
    const configured = fakeExecutable("my-chrome");
    fakeExecutable("chromium");
    process.env.CHROMIUM_PATH = configured;
    process.env.PATH = dir;
    expect(await findChromium()).toEqual({ path: configured, source: "CHROMIUM_PATH" });
  });

  it("fails at once, saying what to do, when CHROMIUM_PATH is not an executable", async () => {
    process.env.CHROMIUM_PATH = join(dir, "missing");
    const started = Date.now();
    const message = `CHROMIUM_PATH=${join(dir, "missing")} is not an executable file. Fix it, or unset it`;
    await expect(launchChromium()).rejects.toThrow(message);
    expect(Date.now() - started).toBeLessThan(1_000);
    process.env.CHROMIUM_PATH = dir; // a folder is not a browser either
    await expect(findChromium()).rejects.toThrow(`CHROMIUM_PATH=${dir} is not an executable file`);
  });

  it("then a chromium or chromium-browser on PATH", async () => {
    delete process.env.CHROMIUM_PATH;
    const system = fakeExecutable("chromium-browser");
    process.env.PATH = `${join(dir, "empty")}:${dir}`;
    expect(await findChromium()).toEqual({ path: system, source: "system" });
  });

  it("says which browser failed to launch", async () => {
    process.env.CHROMIUM_PATH = fakeExecutable("broken-chrome");
    const message = `Could not launch Chromium ${join(dir, "broken-chrome")} (from CHROMIUM_PATH)`;
    await expect(launchChromium()).rejects.toThrow(message);
  });

  it.runIf(process.platform === "linux" && process.arch === "x64")(
    "then the packaged one, unpacked into the temp folder, which launches",
    async () => {
      delete process.env.CHROMIUM_PATH;
      process.env.PATH = join(dir, "empty");
      const found = await findChromium();
      expect(found.source).toBe("@sparticuz/chromium");
      expect(found.path).toMatch(new RegExp(`^${tmpdir()}/rota-chromium-\\d+\\.\\d+\\.\\d+/chromium$`));
      expect(existsSync(found.path)).toBe(true);
      // Its own fonts, for a machine without any (Chromium aborts on the first text it renders without a font).
      const fonts = /<dir>([^<]+)<\/dir>/.exec(readFileSync(found.env!.FONTCONFIG_FILE, "utf8"))![1];
      expect(existsSync(join(fonts, "Open_Sans", "OpenSans-Regular.ttf"))).toBe(true);
      const browser = await launchChromium();
      try {
        expect(browser.version()).toMatch(/^\d+\./);
      } finally {
        await browser.close();
      }
    },
  );
});
