/**
 * A dataset of 400,000 shifts end to end against a real `wrangler dev` (README "Load"): `tsx bench/load-400k.ts
 * [SHIFTS] [SPENT]` (default 400,000 shifts, 50 per employee, and `spentLimit` PT2M). Generates the instance
 * (`bench/generate.ts`), POSTs it gzip-compressed (`MAX_BODY_BYTES` raised for its employees), polls the listing until
 * the run is SOLVING_COMPLETED, then GETs the full output and checks that it has 0 hard score and every shift.
 * Prints the time of each stage, the peak resident memory of workerd's processes (VmHWM, read every second from
 * /proc, so a process that dies keeps its last reading) and, per stage, the slowest answer to a probe sent every
 * 500 ms (`GET /api/openapi.json`: how long the runtime's one thread was held) and the CPU time the runtime process
 * spent in it (utime + stime from /proc: an upper bound of the stage's own, since the probes, the polls and V8's
 * helper threads count too). Exit 1 when a stage fails. Settings: LOAD_LOG (a file that
 * wrangler's output is written to), CONTRACTS=1 (the contract mix of `bench/memory.ts`).
 */
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, WranglerDev } from "../test/e2e/wrangler-dev";
import { generateInstance } from "./generate";

const shifts = Number(process.argv[2] ?? 400_000);
const spent = process.argv[3] ?? "PT2M";
const key = "load-400k-key";
const ROOT = "/api/models/employee-scheduling/v1/schedules";
const t0 = Date.now();
const ts = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;

const contracts = process.env.CONTRACTS === "1";
const input = generateInstance({ shifts, employees: Math.ceil(shifts / 50), seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts });
const json = JSON.stringify({ modelInput: input, config: { run: { name: "load-400k", termination: { spentLimit: spent } } } });
const body = gzipSync(json);
console.log(`${ts()} ${shifts} shifts${contracts ? " with contracts" : ""}: ${(json.length / 1e6).toFixed(1)} MB of JSON, ${(body.length / 1e6).toFixed(1)} MB gzip`);

/** Peak resident memory (MB) per workerd process of the server, by its role. */
const peaks = new Map<number, { role: string; hwm: number; rss: number }>();
function sampleMemory(group: number): void {
  const found = spawnSync("pgrep", ["-g", String(group), "-f", "workerd serve"], { encoding: "utf8" });
  for (const pid of found.stdout.split("\n").filter(Boolean).map(Number)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const role = cmdline.includes(`entry=127.0.0.1:${dev.port}\0`) ? "proxy" : "runtime";
      peaks.set(pid, { role, hwm: kb("VmHWM") / 1024, rss: kb("VmRSS") / 1024 });
    } catch {
      // gone
    }
  }
}

/** The slowest probe answer (ms) of the current stage: the Worker and every Durable Object share one thread locally. */
let probeMax = 0;
let probing = false;
async function probe(): Promise<void> {
  while (probing) {
    const start = Date.now();
    try {
      await (await fetch(`${dev.baseUrl}/api/openapi.json`, { signal: AbortSignal.timeout(600_000) })).arrayBuffer();
    } catch {
      // counted as slow as it was
    }
    probeMax = Math.max(probeMax, Date.now() - start);
    await new Promise((r) => setTimeout(r, 500));
  }
}
const probed = () => {
  const ms = probeMax;
  probeMax = 0;
  return `; slowest probe ${(ms / 1000).toFixed(1)} s`;
};

/** CPU seconds of the runtime's workerd process so far (0 once it is gone). */
function runtimeCpu(): number {
  let seconds = 0;
  for (const [pid, p] of peaks) {
    if (p.role !== "runtime" || !existsSync(`/proc/${pid}/stat`)) continue;
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      seconds += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone
    }
  }
  return seconds;
}
let cpuMark = 0;
const cpuSpent = () => {
  const now = runtimeCpu();
  const spent = now - cpuMark;
  cpuMark = now;
  return `; runtime CPU ${spent.toFixed(1)} s`;
};

const dir = mkdtempSync(join(tmpdir(), "rota-400k-"));
const dev = new WranglerDev(await freePort(), dir, key, { MAX_BODY_BYTES: String(64 * 2 ** 20), RATE_LIMIT_PER_MINUTE: "0" });
const headers = { "X-API-KEY": key };
const stages: string[] = [];
let ok = false;
let sampler: NodeJS.Timeout | undefined;
try {
  await dev.start();
  sampler = setInterval(() => sampleMemory(dev.pid!), 1000);
  console.log(`${ts()} wrangler dev on ${dev.baseUrl}`);
  probing = true;
  void probe();
  sampleMemory(dev.pid!);
  cpuMark = runtimeCpu();

  let start = Date.now();
  const posted = await fetch(`${dev.baseUrl}${ROOT}`, {
    method: "POST",
    body,
    headers: { ...headers, "Content-Type": "application/json", "Content-Encoding": "gzip" },
    signal: AbortSignal.timeout(600_000),
  });
  const ack = await posted.text();
  stages.push(`POST: ${posted.status} in ${((Date.now() - start) / 1000).toFixed(1)} s${probed()}${cpuSpent()}`);
  console.log(`${ts()} ${stages.at(-1)} ${posted.status === 202 ? "" : ack.slice(0, 500)}`);
  if (posted.status !== 202) throw new Error("not acknowledged");
  const id = (JSON.parse(ack) as { id: string }).id;

  start = Date.now();
  let status = "";
  let score = "";
  const seen: string[] = [];
  const deadline = Date.now() + 30 * 60_000;
  while (status !== "SOLVING_COMPLETED" && status !== "SOLVING_FAILED" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5000));
    try {
      const res = await fetch(`${dev.baseUrl}${ROOT}?page=0&size=10`, { headers, signal: AbortSignal.timeout(60_000) });
      if (!res.ok) {
        console.log(`${ts()} listing: ${res.status} ${(await res.text()).slice(0, 300)}`);
        continue;
      }
      const item = ((await res.json()) as Array<{ id: string; solverStatus: string; score?: string }>).find((d) => d.id === id);
      status = item?.solverStatus ?? "";
      score = item?.score ?? "";
      if (seen.at(-1) !== status) {
        seen.push(status);
        console.log(`${ts()} ${status} ${score}${cpuSpent()} since the last status`);
      }
    } catch (err) {
      console.log(`${ts()} listing: ${err}`);
    }
  }
  stages.push(`solve: ${status} ${score} after ${((Date.now() - start) / 1000).toFixed(1)} s more (${seen.join(" -> ")})${probed()}`);
  cpuSpent();
  console.log(`${ts()} ${stages.at(-1)}`);

  start = Date.now();
  const got = await fetch(`${dev.baseUrl}${ROOT}/${id}`, { headers, signal: AbortSignal.timeout(600_000) });
  const text = await got.text();
  const output = got.status === 200 ? (JSON.parse(text) as { metadata: { solverStatus: string; score: string }; modelOutput: { shifts: Array<{ id: string; employee?: string | null }> } }) : null;
  const outShifts = output?.modelOutput?.shifts ?? [];
  const ids = new Set(outShifts.map((s) => s.id));
  const inputIds = input.shifts.every((s) => ids.has(s.id));
  stages.push(
    `GET output: ${got.status}, ${(text.length / 1e6).toFixed(1)} MB in ${((Date.now() - start) / 1000).toFixed(1)} s; ${outShifts.length} shifts` +
      ` (${outShifts.filter((s) => s.employee).length} assigned), every input shift ${inputIds ? "present" : "NOT present"}, score ${output?.metadata.score}${probed()}${cpuSpent()}`,
  );
  console.log(`${ts()} ${stages.at(-1)}`);
  ok = status === "SOLVING_COMPLETED" && /^0hard/.test(output?.metadata.score ?? "") && outShifts.length === shifts && ids.size === shifts && inputIds;
} catch (err) {
  console.log(`${ts()} FAILED: ${err}`);
} finally {
  probing = false;
  if (sampler) clearInterval(sampler);
  if (dev.pid) sampleMemory(dev.pid);
  for (const [pid, p] of peaks) stages.push(`workerd ${p.role} (pid ${pid}): peak RSS ${p.hwm.toFixed(0)} MB, last ${p.rss.toFixed(0)} MB`);
  if (process.env.LOAD_LOG) writeFileSync(process.env.LOAD_LOG, dev.log);
  if (!ok) console.log(`wrangler dev's log (end):\n${dev.log.slice(-4000)}`);
  await dev.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${ok ? "OK" : "FAILED"}: ${shifts} shifts, spentLimit ${spent}\n  ${stages.join("\n  ")}`);
process.exit(ok ? 0 : 1);
