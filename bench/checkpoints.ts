/**
 * Checkpoint volume and the CPU a Durable Object spends per alarm: `npm run bench:checkpoints` (builds the release
 * core), or `npx tsx --expose-gc bench/checkpoints.ts [M] [XL] [--seconds N] [--cpu-only]` (default both, 60 s each
 * policy; `--cpu-only`: only the CPU per alarm).
 *
 * On the M and XL instances of `npm run bench` (with the contract mix), it solves for N seconds twice, as a
 * DatasetObject does, and counts the bytes the session's checkpoint serializer produces for Durable Object storage:
 *   - before: a checkpoint after every slice, slices calibrated to max(50 ms, 4 x the checkpoint's time);
 *   - now: solver/slices.ts slices and solver/checkpoint-policy.ts (a new best at most every CHECKPOINT_INTERVAL_MS,
 *     phase ends, and one when the run stops).
 * Node has no Durable Object storage: "before" times the serialization only (its SQLite write made slices longer, so
 * it wrote somewhat fewer, equally large, checkpoints than counted here).
 * Then the CPU of each step of a run's alarms (README "Solver performance", CPU per alarm): reading the request
 * (JSON.parse), encoding, loading the core, a checkpoint and a restore, the slices of construction and of local
 * search, and the final output.
 */
import { readFileSync } from "node:fs";
import { CHECKPOINT_INTERVAL_MS, CheckpointPolicy } from "../solver/checkpoint-policy";
import { encodeProblem, formatScore, SolverSession } from "../solver/index";
import { openSession } from "../solver/open-session";
import { solutionParts } from "../solver/output";
import { FIRST_SLICE_UNITS, runSlice, SLICE_TARGET_MS } from "../solver/slices";
import { checkTermination, startProgress, terminationPolicy } from "../solver/termination";
import type { SolvingRequest } from "../schemas/solving-request";
import { generateInstance } from "./generate";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));

const SIZES = {
  M: { shifts: 1_000, employees: 50 },
  XL: { shifts: 100_000, employees: 2_000 },
  "400k": { shifts: 400_000, employees: 8_000 },
} as const;
/** Sizes measured by default; 400k on request (its "before", a checkpoint after every slice, is not run). */
const DEFAULT_SIZES = ["M", "XL"] as const;

const argv = process.argv.slice(2);
const secondsAt = argv.indexOf("--seconds");
const SECONDS = secondsAt >= 0 ? Number(argv[secondsAt + 1]) : 60;
const names = argv.filter((a, i) => a in SIZES && argv[i - 1] !== "--seconds") as Array<keyof typeof SIZES>;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const mb = (bytes: number) => (bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`);
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Volume {
  /** Largest JSON of the termination progress (stored in the run's record after every slice), "now" only. */
  progressBytes?: number;
  slices: number;
  checkpoints: number;
  bytes: number;
  ms: number;
  best: string;
}

const perMinute = (v: Volume) => (v.bytes * 60_000) / v.ms;

/** The DatasetObject loop before: a checkpoint after every slice. */
async function before(request: SolvingRequest): Promise<Volume> {
  const session = await openSession(module, request, { seed: 1 });
  const v: Volume = { slices: 0, checkpoints: 1, bytes: session.checkpoint().byteLength, ms: 0, best: "" };
  const began = performance.now();
  let units = FIRST_SLICE_UNITS;
  while (performance.now() - began < SECONDS * 1000) {
    await turn();
    const startedAt = performance.now();
    const { unitsDone } = session.runSlice(units);
    const searchedAt = performance.now();
    v.bytes += session.checkpoint().byteLength;
    v.checkpoints++;
    const now = performance.now();
    const targetMs = Math.max(50, 4 * (now - searchedAt));
    units = Math.min(50_000_000, Math.max(1_000, Math.round((unitsDone / Math.max(1, searchedAt - startedAt)) * targetMs)));
    v.slices++;
  }
  v.ms = performance.now() - began;
  v.best = formatScore(session.bestScore());
  return v;
}

/** The loop now: the shared slice runner and the checkpoint policy. */
async function now(request: SolvingRequest): Promise<Volume> {
  const session = await openSession(module, request, { seed: 1 });
  const v: Volume = { slices: 0, checkpoints: 1, bytes: session.checkpoint().byteLength, ms: 0, best: "" };
  const began = performance.now();
  const policy = new CheckpointPolicy(session, began);
  const termination = terminationPolicy({});
  const progress = startProgress(0, session.bestScore());
  v.progressBytes = 0;
  let units = FIRST_SLICE_UNITS;
  while (performance.now() - began < SECONDS * 1000) {
    const bestBefore = formatScore(session.bestScore());
    units = (await runSlice(session, units)).nextUnits;
    v.slices++;
    const t = performance.now();
    const best = session.bestScore();
    checkTermination(termination, progress, t - began, session.steps, best, formatScore(best) !== bestBefore);
    v.progressBytes = Math.max(v.progressBytes, JSON.stringify(progress).length);
    if (policy.due(session, t)) {
      v.bytes += session.checkpoint().byteLength;
      v.checkpoints++;
      policy.written(session, t);
    }
  }
  // The run stops: one last checkpoint before completion.
  v.bytes += session.checkpoint().byteLength;
  v.checkpoints++;
  v.ms = performance.now() - began;
  v.best = formatScore(session.bestScore());
  return v;
}

/**
 * CPU of each step of a run's alarms, on one session. The slices are calibrated on this process's CPU clock (an
 * unloaded Durable Object's wall clock): on a shared machine the wall clock would count other processes' time. The
 * construction runs to its end whatever `--seconds` says; then 200 slices of local search.
 */
async function alarmCpu(request: SolvingRequest, text: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  let t = cpuMs();
  const lap = () => {
    const n = cpuMs();
    const d = n - t;
    t = n;
    return d;
  };
  const parsed = JSON.parse(text) as SolvingRequest;
  const parseMs = lap();
  const problem = encodeProblem(parsed.modelInput);
  const encodeMs = lap();
  const session = await SolverSession.create(module, problem, { seed: 1 });
  const loadMs = lap();
  const bytes = session.checkpoint();
  const checkpointMs = lap();
  await SolverSession.restore(module, problem, bytes);
  const restoreMs = lap();
  console.log(
    `  begin (request read from R2 and parsed, encoded, core loaded): parse ${parseMs.toFixed(0)} ms + encode ${encodeMs.toFixed(0)} ms + load ${loadMs.toFixed(0)} ms CPU; ` +
      `a checkpoint (${mb(bytes.byteLength)}) ${checkpointMs.toFixed(0)} ms, a restore ${restoreMs.toFixed(0)} ms (+ parse and encode)`,
  );
  const slices: Record<string, number[]> = { CONSTRUCTION: [], LOCAL_SEARCH: [] };
  let units = FIRST_SLICE_UNITS;
  let constructionCpu = 0;
  while (slices.LOCAL_SEARCH.length < 200) {
    const phase = session.phase;
    const c0 = cpuMs();
    const out = await runSlice(session, units, { now: cpuMs });
    const c = cpuMs() - c0;
    units = out.nextUnits;
    slices[phase].push(c);
    if (phase === "CONSTRUCTION") constructionCpu += c;
  }
  const stats = (xs: number[]) => {
    if (!xs.length) return "none";
    const s = [...xs].sort((a, b) => a - b);
    return `${xs.length} slices, median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, p95 ${s[Math.floor(s.length * 0.95)].toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms CPU`;
  };
  console.log(`  construction: ${(constructionCpu / 1000).toFixed(1)} s CPU in ${stats(slices.CONSTRUCTION)}; the first (${FIRST_SLICE_UNITS} units) ${slices.CONSTRUCTION[0]?.toFixed(0)} ms`);
  console.log(`  local search: ${stats(slices.LOCAL_SEARCH)}`);
  lap();
  const output = JSON.stringify(solutionParts(parsed.modelInput, session.bestAssignment(), session.problem));
  console.log(`  completion (output built and serialized, ${mb(output.length)}): ${lap().toFixed(0)} ms CPU`);
}

for (const name of names.length ? names : DEFAULT_SIZES) {
  const size = SIZES[name];
  const modelInput = generateInstance({
    shifts: size.shifts, employees: size.employees, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true,
  });
  const request: SolvingRequest = { modelInput };
  console.log(`\n== ${name}: ${size.shifts} shifts, ${size.employees} employees, contract mix; ${SECONDS} s of solving per policy ==`);
  if (argv.includes("--cpu-only")) {
    await alarmCpu(request, JSON.stringify(request));
    continue;
  }
  const old = name === "400k" ? null : await before(request);
  if (old) console.log(`  before: ${old.checkpoints} checkpoints in ${old.slices} slices, ${mb(old.bytes)} in ${(old.ms / 1000).toFixed(0)} s: ${mb(perMinute(old))} per minute (best ${old.best})`);
  const cur = await now(request);
  console.log(`  now (every ${CHECKPOINT_INTERVAL_MS / 1000} s at most): ${cur.checkpoints} checkpoints in ${cur.slices} slices, ${mb(cur.bytes)} in ${(cur.ms / 1000).toFixed(0)} s: ${mb(perMinute(cur))} per minute (best ${cur.best})`);
  if (old) console.log(`  ${(perMinute(old) / perMinute(cur)).toFixed(0)}x fewer bytes per minute`);
  // Measured figures follow the machine's load (a slower slice is a rarer checkpoint before); the bounds do not.
  const each = cur.bytes / cur.checkpoints;
  console.log(
    `  bounds, ${mb(each)} a checkpoint: before ${mb((60_000 / SLICE_TARGET_MS) * each)} per minute at ${SLICE_TARGET_MS} ms slices; ` +
      `now at most ${mb((60_000 / CHECKPOINT_INTERVAL_MS + 2) * each)} (${60_000 / CHECKPOINT_INTERVAL_MS} a minute, the phase end and the last)`,
  );
  console.log(
    `  the run's termination progress, stored with its record after every slice: at most ${mb(cur.progressBytes!)} ` +
      `(before, one sample of ~70 B per slice over the 30 s window: ${mb(((cur.slices * 30_000) / cur.ms) * 70)} at this slice rate)`,
  );
  await alarmCpu(request, JSON.stringify(request));
}
