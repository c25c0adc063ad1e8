/** Runs the real `wrangler dev` (workerd with local D1, R2 and Durable Objects) for end-to-end tests. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { patchWranglerProxy } from "../../scripts/patch-wrangler-proxy.mjs";

/** No metrics, error reports, banner or Cloudflare API calls (TOOLCHAIN.md): every wrangler run in the tests is offline. */
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

export class WranglerDev {
  private child: ChildProcess | null = null;
  private output = "";

  constructor(
    readonly port: number,
    readonly persistDir: string,
    readonly apiKey: string,
    /** More `[vars]` for this run (settings, not secrets). */
    readonly vars: Record<string, string> = {},
    /** More `wrangler dev` arguments, e.g. `--inspector-port` for a CPU profile. */
    readonly extraArgs: string[] = [],
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private env(): NodeJS.ProcessEnv {
    return { ...process.env, ...OFFLINE_ENV, XDG_CONFIG_HOME: `${this.persistDir}/xdg` };
  }

  /** Apply the D1 migrations to this persist dir (as `npm start` does), then start and wait until it answers. */
  async start(): Promise<void> {
    patchWranglerProxy(); // wrangler's request proxy parks a GET forever after a failed connection (README "Load")
    const migrate = spawnSync(
      "npx",
      ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", this.persistDir],
      { env: this.env(), encoding: "utf8" },
    );
    if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}${migrate.stdout}`);
    this.output = "";
    // wrangler's devtools port defaults to 9229: another wrangler dev on this machine would make this one fail to start.
    const inspector = this.extraArgs.includes("--inspector-port") ? [] : ["--inspector-port", String(await freePort())];
    this.child = spawn(
      "npx",
      [
        "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(this.port), "--persist-to", this.persistDir,
        "--var", `BOOTSTRAP_API_KEY:${this.apiKey}`, "--show-interactive-dev-session=false", ...inspector,
        ...Object.entries(this.vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
        ...this.extraArgs,
      ],
      { env: this.env(), detached: true, stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child.stdout!.on("data", (d) => (this.output += d));
    this.child.stderr!.on("data", (d) => (this.output += d));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`${this.baseUrl}/api/openapi.json`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`wrangler dev did not start:\n${this.output}`);
  }

  /** Kill the whole process group at once (no graceful shutdown), as a crash or Ctrl-C would. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, "exit");
    process.kill(-child.pid!, "SIGKILL");
    await exited;
    this.child = null;
  }

  /**
   * Kill only the workerd process that runs the Worker (as a crash of the runtime would), leaving wrangler and its
   * request proxy (the workerd process listening on the public port) running.
   */
  killRuntime(): void {
    const found = spawnSync("pgrep", ["-g", String(this.child!.pid), "-f", "workerd serve"], { encoding: "utf8" });
    const pids = found.stdout.split("\n").filter(Boolean).map(Number);
    const runtime = pids.filter((pid) => !readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`entry=127.0.0.1:${this.port}\0`));
    if (runtime.length !== 1) throw new Error(`expected one runtime among workerd processes ${pids.join(", ")}`);
    process.kill(runtime[0], "SIGKILL");
  }

  /** The process group of `wrangler dev` (wrangler, its proxy and the runtime), while it runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get log(): string {
    return this.output;
  }
}
