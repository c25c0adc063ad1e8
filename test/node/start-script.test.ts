/**
 * `npm start` (scripts/start.mjs) passes no secret on a command line: `ps` and /proc/<pid>/cmdline show every local
 * user the arguments of wrangler. The script runs for real from a copy in a temporary folder, with `npm` and `npx`
 * replaced on PATH by stubs that record their arguments, so nothing is built or served and the repository's own
 * .dev.vars is not touched.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prepareDevVars, readDevVar, setDevVar } from "../../scripts/dev-vars.mjs";

function runStart(env: Record<string, string>, devVars?: string): { argv: string[]; devVars: string; mode: number } {
  const dir = mkdtempSync(join(tmpdir(), "rota-start-"));
  mkdirSync(join(dir, "scripts"));
  mkdirSync(join(dir, "bin"));
  for (const f of ["start.mjs", "dev-vars.mjs", "patch-wrangler-proxy.mjs"]) copyFileSync(join("scripts", f), join(dir, "scripts", f));
  if (devVars !== undefined) writeFileSync(join(dir, ".dev.vars"), devVars);
  const log = join(dir, "argv.log");
  for (const tool of ["npm", "npx"]) {
    writeFileSync(join(dir, "bin", tool), `#!/bin/sh\necho "${tool} $*" >> "${log}"\n`);
    chmodSync(join(dir, "bin", tool), 0o755);
  }
  execFileSync(process.execPath, [join(dir, "scripts", "start.mjs")], {
    env: { PATH: `${join(dir, "bin")}:${process.env.PATH}`, HOME: dir, ...env },
    stdio: "pipe",
  });
  return {
    argv: readFileSync(log, "utf8").trim().split("\n"),
    devVars: readFileSync(join(dir, ".dev.vars"), "utf8"),
    mode: statSync(join(dir, ".dev.vars")).mode & 0o777,
  };
}

describe("npm start", () => {
  it("gives wrangler the secrets from the environment through .dev.vars (0600), none on a command line", () => {
    const env = { BOOTSTRAP_API_KEY: "env-bootstrap-key-7f3a", SECRETS_KEY: "env-secrets-key-91bc" };
    const run = runStart(env, 'WEBHOOK_ALLOWED_HOSTS="127.0.0.1"\nBOOTSTRAP_API_KEY="stale"\n');
    const wrangler = run.argv.find((l) => l.startsWith("npx wrangler dev"));
    expect(wrangler).toBeDefined();
    for (const line of run.argv) {
      expect(line).not.toContain(env.BOOTSTRAP_API_KEY);
      expect(line).not.toContain(env.SECRETS_KEY);
    }
    expect(readDevVar(run.devVars, "BOOTSTRAP_API_KEY")).toBe(env.BOOTSTRAP_API_KEY);
    expect(readDevVar(run.devVars, "SECRETS_KEY")).toBe(env.SECRETS_KEY);
    expect(readDevVar(run.devVars, "WEBHOOK_ALLOWED_HOSTS")).toBe("127.0.0.1");
    expect(run.mode).toBe(0o600);
  });

  it("generates both secrets on a first start and reuses them afterwards, still off the command line", () => {
    const first = runStart({});
    const key = readDevVar(first.devVars, "BOOTSTRAP_API_KEY");
    const secretsKey = readDevVar(first.devVars, "SECRETS_KEY");
    expect(key).toMatch(/^rota_[A-Za-z0-9_-]{32}$/);
    expect(secretsKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const line of first.argv) {
      expect(line).not.toContain(key);
      expect(line).not.toContain(secretsKey);
    }
    expect(first.mode).toBe(0o600);
  });
});

describe("dev-vars", () => {
  it("reads and writes dotenv lines: quoted, unquoted, replaced in place, other lines kept", () => {
    expect(readDevVar('A="x y"\nB=plain\nC=\'q"\'\n', "A")).toBe("x y");
    expect(readDevVar('A="x y"\nB=plain\nC=\'q"\'\n', "B")).toBe("plain");
    expect(readDevVar('A="x y"\nB=plain\nC=\'q"\'\n', "C")).toBe('q"');
    expect(readDevVar("A=1\n", "B")).toBeUndefined();
    expect(setDevVar("A=1\nB=2\n", "A", "new")).toBe('A="new"\nB=2\n');
    expect(setDevVar("A=1", "C", 'has"quote')).toBe("A=1\nC='has\"quote'\n");
    expect(() => setDevVar("", "A", "two\nlines")).toThrow(/line break/);
  });

  it("prefers the environment, then .dev.vars, and writes back only what changed", () => {
    const path = join(mkdtempSync(join(tmpdir(), "rota-devvars-")), ".dev.vars");
    writeFileSync(path, 'BOOTSTRAP_API_KEY="kept"\nSECRETS_KEY="s"\n');
    const kept = prepareDevVars(path, {});
    expect(kept.values).toEqual({ BOOTSTRAP_API_KEY: "kept", SECRETS_KEY: "s" });
    expect(kept.sources.BOOTSTRAP_API_KEY).toBe(".dev.vars");
    const fromEnv = prepareDevVars(path, { SECRETS_KEY: "from-env" });
    expect(fromEnv.sources.SECRETS_KEY).toBe("the SECRETS_KEY environment variable");
    expect(readFileSync(path, "utf8")).toBe('BOOTSTRAP_API_KEY="kept"\nSECRETS_KEY="from-env"\n');
  });
});
