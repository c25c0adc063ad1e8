/**
 * Quality on the Curtois & Qu nurse rostering benchmark: `npm run bench:quality [-- options]`. Each training
 * instance is converted to a solving request by the benchmark's converter (`to-ess.mjs toEss`), encoded and solved
 * in-process (encodeProblem + SolverSession, as the Dataset object does: seed 1, the request's weight overrides; no
 * HTTP), and the best schedule is scored by the benchmark's own evaluator (`curtois.mjs evaluate`, through
 * `from-ess.mjs fromEss`), never by the service's score.
 *
 * Two modes, both run by default:
 *   time    a wall-clock limit per instance (`--seconds`, default 60), the clock read at slice boundaries only;
 *           figures depend on the machine and its load.
 *   steps   a fixed work budget per instance (`--units`, default 2e7 units: construction placements + local search
 *           steps); deterministic (the same build gives the same schedule anywhere), so use it to compare ideas.
 * Per instance: feasible, objective, best known, gap %, time (and units) to the first schedule the evaluator finds
 * feasible, the wall seconds to the search's deep phase (its compound moves at their deep shares: the first re-roster
 * tried), wall and CPU seconds (a loaded machine shows in their ratio), the service's score. Then the means of the gap over instances 1-11 and 13-23.
 *
 * Options: `--mode time|steps|both`, `--instances 1,3,5` (default: all twelve), `--seconds N`, `--units N`,
 * `--wasm PATH` (default build/rota.wasm), `--json` (one JSON line per instance instead of the table); for
 * experiments `--seed N` (default 1) and `--lahc N` (late acceptance length, default the service's);
 * `--threads N` (time mode): as `maxThreadCount` N, searches 1 .. N - 1 in worker threads exchanging their best with
 * this one (bench/portfolio.ts), the result the best of all; `--marks 5,10,30` (time mode, one search): the evaluator's
 * objective of the best schedule so far at each of these elapsed seconds (a trace: when the search stops
 * improving), printed after the row and as `marks` in the JSON line.
 * The benchmark folder is `$NRP_DIR`, default `../shared/benchmarks/nurse-rostering` beside the repository
 * (bench/nurse-rostering.ts).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { formatScore, SolverSession, type Score } from "../solver/index";
import { BEST_KNOWN, evaluateAssignment, prepare, REPO, type Instance } from "./nurse-rostering";
import { Portfolio } from "./portfolio";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const mode = opt("mode", "both");
const instances = opt("instances", Object.keys(BEST_KNOWN).join(",")).split(",").map(Number);
const seconds = Number(opt("seconds", "60"));
const unitBudget = Number(opt("units", "2e7"));
const wasmPath = resolve(opt("wasm", join(REPO, "build/rota.wasm")));
const asJson = args.includes("--json");
const lahcLength = args.includes("--lahc") ? Number(opt("lahc", "0")) : undefined;
const seed = Number(opt("seed", "1"));
const threads = Number(opt("threads", "1"));
const marks = args.includes("--marks") ? opt("marks", "").split(",").map(Number).filter((m) => m > 0).sort((a, b) => a - b) : [];
const module = new WebAssembly.Module(readFileSync(wasmPath));

/** Units per slice: the clock is read, and the best schedule checked, between slices. */
const SLICE = 50_000;

interface Result {
  instance: number;
  mode: string;
  feasible: boolean;
  objective: number | null;
  bestKnown: number;
  gapPct: number | null;
  firstFeasibleSeconds: number | null;
  firstFeasibleUnits: number | null;
  seconds: number;
  cpuSeconds: number;
  units: number;
  score: string;
  /** With --threads: the portfolio's reports, answers and adoptions (portfolio.ts). */
  exchanges?: Portfolio["counts"];
  hard?: Record<string, number>;
  /** The evaluator's objective by part (requests, under- and over-cover); in the JSON lines only. */
  breakdown?: Record<string, number>;
  /** Wall seconds to the search's deep phase (the first slice after which a re-roster was tried; README "Nurse rostering benchmark"), null when it never turned deep. */
  deepSeconds: number | null;
  /** With --marks: elapsed second -> the evaluator's objective of the best schedule then (null: not feasible). */
  marks?: Record<number, number | null>;
}

async function solve(x: Instance, byTime: boolean): Promise<Result> {
  const t0 = performance.now(), cpu0 = process.cpuUsage();
  // maxThreadCount > 1: the other searches start with the run, in threads of their own (portfolio.ts).
  const portfolio = threads > 1 && byTime ? new Portfolio(threads, { n: x.n, seed, lahcLength, wasmPath }) : null;
  const session = await SolverSession.create(module, x.problem, { seed, lahcLength, weights: x.request.config?.model?.overrides });
  const elapsed = () => (performance.now() - t0) / 1000;
  let firstFeasibleSeconds: number | null = null, firstFeasibleUnits: number | null = null;
  let checked: Score | null = null;
  const traced: Record<number, number | null> = {};
  let nextMark = 0;
  let deepSeconds: number | null = null;
  while (byTime ? elapsed() < seconds : session.unitsDone < unitBudget) {
    session.runSlice(byTime ? SLICE : Math.min(SLICE, unitBudget - session.unitsDone));
    if (portfolio) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      portfolio.exchange(session, performance.now());
    }
    if (deepSeconds === null && session.compoundMoveCounts().reroster.tried > 0) deepSeconds = elapsed();
    const best = session.bestScore();
    // Until the first feasible schedule: evaluate the best one whenever it changed and has no hard penalty.
    if (firstFeasibleSeconds === null && best.hard === 0 && (!checked || checked.medium !== best.medium || checked.soft !== best.soft)) {
      checked = best;
      if (evaluateAssignment(x, session.bestAssignment()).feasible) {
        firstFeasibleSeconds = elapsed();
        firstFeasibleUnits = session.unitsDone;
      }
    }
    // Single search only: with threads the best of all is the portfolio's, read at the end.
    while (byTime && !portfolio && nextMark < marks.length && elapsed() >= marks[nextMark]) {
      const ev = evaluateAssignment(x, session.bestAssignment());
      traced[marks[nextMark++]] = ev.feasible ? ev.objective : null;
    }
  }
  await portfolio?.stop();
  const result = portfolio ? portfolio.best(session) : { score: session.bestScore(), assignment: session.bestAssignment() };
  const ev = evaluateAssignment(x, result.assignment);
  const bestKnown = BEST_KNOWN[x.n];
  const hard = Object.fromEntries(Object.entries(ev.hard).filter(([, v]) => v));
  return {
    instance: x.n,
    mode: byTime ? `time ${seconds}s${threads > 1 ? `, ${threads} threads` : ""}` : `steps ${unitBudget.toExponential()}`,
    feasible: ev.feasible,
    objective: ev.objective,
    bestKnown,
    gapPct: ev.feasible ? +((100 * (ev.objective - bestKnown)) / bestKnown).toFixed(2) : null,
    firstFeasibleSeconds: firstFeasibleSeconds === null ? null : +firstFeasibleSeconds.toFixed(1),
    firstFeasibleUnits,
    seconds: +elapsed().toFixed(1),
    cpuSeconds: +(((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu0))).toFixed(1),
    units: session.unitsDone,
    deepSeconds: deepSeconds === null ? null : +deepSeconds.toFixed(1),
    score: formatScore(result.score),
    ...(portfolio ? { exchanges: portfolio.counts } : {}),
    ...(Object.keys(hard).length ? { hard } : {}),
    breakdown: ev.breakdown,
    ...(nextMark > 0 ? { marks: traced } : {}),
  };
}

const pad = (v: unknown, n: number) => String(v ?? "-").padStart(n);
function printRow(r: Result): void {
  if (asJson) return console.log(JSON.stringify(r));
  console.log(
    `${pad(r.instance, 8)} ${pad(r.feasible ? "yes" : "NO", 8)} ${pad(r.objective, 9)} ${pad(r.bestKnown, 9)} ${pad(r.gapPct === null ? null : r.gapPct.toFixed(2), 7)}` +
      ` ${pad(r.firstFeasibleSeconds, 11)} ${pad(r.firstFeasibleUnits, 12)} ${pad(r.units, 11)} ${pad(r.deepSeconds, 6)} ${pad(r.seconds, 7)} ${pad(r.cpuSeconds, 7)}  ${r.score}${r.hard ? "  hard " + JSON.stringify(r.hard) : ""}${r.exchanges ? "  exchanges " + JSON.stringify(r.exchanges) : ""}`,
  );
  if (r.marks) console.log(`${pad("", 8)} best at ${Object.entries(r.marks).map(([t, v]) => `${t}s ${v ?? "NO"}`).join(", ")}`);
}

function summary(results: Result[], label: string): void {
  const mean = (list: Result[]) => {
    const gaps = list.filter((r) => r.gapPct !== null).map((r) => r.gapPct!);
    return gaps.length ? (gaps.reduce((a, b) => a + b, 0) / gaps.length).toFixed(2) : "-";
  };
  const small = results.filter((r) => r.instance <= 11), large = results.filter((r) => r.instance >= 13);
  const line = {
    summary: label,
    feasible: `${results.filter((r) => r.feasible).length}/${results.length}`,
    meanGapPct1to11: mean(small),
    meanGapPct13to23: mean(large),
    meanGapPct: mean(results),
  };
  console.log(asJson ? JSON.stringify(line) : `${label}: feasible ${line.feasible}, mean gap % 1-11 ${line.meanGapPct1to11}, 13-23 ${line.meanGapPct13to23}, all ${line.meanGapPct}\n`);
}

const modes = mode === "both" ? [false, true] : [mode === "time"];
if (threads > 1 && modes.includes(false)) console.log(`--threads ${threads} applies to the time mode only (threads make a run depend on timing); steps run single`);
for (const byTime of modes) {
  const label = byTime ? `time ${seconds}s per instance${threads > 1 ? `, maxThreadCount ${threads}` : ""}` : `steps ${unitBudget.toExponential()} units per instance`;
  if (!asJson) {
    console.log(`${label} (${wasmPath})`);
    console.log(`instance feasible objective bestKnown  gap % firstFeas s firstFeas un       units deep s       s   cpu s  service score`);
  }
  const results: Result[] = [];
  for (const n of instances) {
    const r = await solve(prepare(n), byTime);
    results.push(r);
    printRow(r);
  }
  summary(results, label);
}
