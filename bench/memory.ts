/**
 * `npm run bench:memory [M] [XL] [400k]`: held memory and time of each stage a submitted dataset goes through, on
 * the real code paths in Node, against a real local R2 (Miniflare's): the Worker's streamed POST <root> ingest
 * (worker/ingest.ts: parse, schema, validation, the request into R2), the Durable Object's load (the request read
 * back from R2 as a stream into the compact shift table, `encodeProblem`, a solver session; with `--whole` also the old
 * way, parsed whole), one solve slice, the GET output (modelOutput,
 * input metrics, KPIs, serialized), the analyses of the best solution on the live session (score analysis
 * without and with justifications, in pieces; one assignability page; with `--whole` also the old way, a second
 * session), GET of the input and from-patch (`requestStages`). With `--ended`, instead of the load and what follows:
 * the score analysis with no run live, on a session of its own. Bodies are generated (bench/generate.ts, the contract
 * mix) and sent gzip.
 *
 * Held memory is heap + external (array buffers included) after a full collection, above the level before the
 * stage; the ingest samples it every 2 MB of body, the other stages once done (what the object keeps). A deployed
 * isolate has 128 MB for all of it (README "Limits").
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { readStoredAssignment } from "../durable-objects/stored-output";
import { applyPatch, type PatchOperation } from "../model/patch";
import { validateModelInput, validateWithShiftFacts } from "../model/validation";
import { ModelInputSchema } from "../schemas/model-input";
import type { SolvingRequest } from "../schemas/solving-request";
import { FAMILIES } from "../solver/families/index";
import { encodeProblem, SolverSession } from "../solver/index";
import { holding, sessionWithAssignment } from "../solver/analyze";
import { assignabilityReport, maxReportPageSize, reportShifts } from "../solver/assignability";
import { lazyScoreAnalysis, scoreAnalysis } from "../solver/explain";
import { openSession } from "../solver/open-session";
import { solutionParts, submittedAssignment } from "../solver/output";
import { jsonPieces } from "../solver/output-json";
import type { PatchedShifts } from "../solver/patched-shifts";
import { readRequestStream } from "../solver/read-request";
import { patchParent, readParentRequest, storeDerivedRequest } from "../worker/derived-request";
import { ingestSolvingRequest, streamedLimits } from "../worker/ingest";
import { generateInstance, rng } from "./generate";
import { heldBytes, HeldPeak, sampledBody, sampledStream } from "./held-memory";
import { memoryBucket } from "./memory-bucket";

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));

const SIZES: Record<string, { shifts: number; employees: number }> = {
  M: { shifts: 1_000, employees: 50 },
  XL: { shifts: 100_000, employees: 2_000 },
  "400k": { shifts: 400_000, employees: 8_000 },
};
/** Work units of the solve slice (a slice in the Durable Object is calibrated to about 50 ms). */
const SLICE_UNITS = 20_000;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
/** Progress on stderr as each stage ends (a large size runs for minutes; the table comes at the end). */
const progress = (stage: string) => process.stderr.write(`${new Date().toISOString()} ${stage}\n`);

async function measure(name: string, bucket: R2Bucket): Promise<void> {
  const size = SIZES[name];
  const request: SolvingRequest = {
    config: { run: { termination: { spentLimit: "PT30S" } } },
    modelInput: generateInstance({ ...size, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true }),
  };
  const text = JSON.stringify(request);
  const gzip = gzipSync(text);
  console.log(`\n== ${name}: ${size.shifts} shifts, ${size.employees} employees: ${mb(text.length)} of JSON, ${mb(gzip.byteLength)} gzip ==`);
  const textBytes = text.length;
  request.modelInput = undefined as never; // only the gzip body stays

  const rows: Array<[string, number, number, string]> = [];
  const key = `bench/${name}/request.json`;

  // 1. The Worker: POST <root>'s streamed ingest and validation, the request stored in R2.
  const peak = new HeldPeak();
  let t = performance.now();
  const req = new Request("http://bench/schedules", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
    body: sampledBody(gzip, peak),
    duplex: "half",
  } as RequestInit);
  // The generated 400k instance's employees and rules are about 10.7 MB of JSON, above the default MAX_BODY_BYTES
  // (README "Request bodies"): raised for it, as a self-hosted service may.
  const limits = streamedLimits(name === "400k" ? String(32 * 2 ** 20) : undefined);
  const ingested = await ingestSolvingRequest(req, bucket, key, limits);
  const issues = validateWithShiftFacts(ingested.modelInput, ingested.shifts);
  await ingested.upload.finish(ingested.config);
  peak.sample();
  rows.push(["Worker: POST ingest (parse, schema, validation, R2)", performance.now() - t, peak.bytes, `${issues.length} issues; ${(peak.bytes / size.shifts).toFixed(0)} B per shift, body ${mb(textBytes)}`]);
  progress("ingest");

  // 2. The Durable Object: the request read back and encoded, a solver session created. By default as the Durable
  // Object does it, streamed (solver/read-request.ts: the shifts into a compact table); with --whole also the old way
  // (the request parsed whole), first, for the before/after figures.
  if (process.argv.includes("--whole")) {
    const wholeBase = heldBytes();
    t = performance.now();
    const whole = await (await bucket.get(key))!.json<SolvingRequest>();
    const wholeProblem = encodeProblem(whole.modelInput);
    const wholeSession = await SolverSession.create(module, wholeProblem, { seed: 1, weights: whole.config?.model?.overrides ?? undefined });
    rows.push(["DO: load, parsed whole (before; JSON.parse, encode, session)", performance.now() - t, heldBytes() - wholeBase, `wasm memory ${mb(wholeSession.memoryBytes())}`]);
    progress("load before");
  }
  let base = heldBytes();
  /** The level before the Durable Object's load: what the object holds is measured above it. */
  const objectBase = base;
  t = performance.now();
  const loadPeak = new HeldPeak();
  const { request: stored, shifts: table } = await readRequestStream(sampledStream((await bucket.get(key))!.body, loadPeak));
  const readMs = performance.now() - t;
  const readHeld = heldBytes() - base;
  if (process.argv.includes("--ended")) {
    // Instead of the live stages: the analysis when no run is live (not solving yet, computed or completed), on a
    // session of its own (solver/open-session.ts, narrowed and released) holding the submitted assignment, as the
    // object opens it (dataset-object.ts `analyzed`). Held by the object: from the level before the read.
    rows.push(await endedAnalysis(stored, objectBase));
    for (const [stage, ms, bytes, note] of rows) console.log(`${stage.padEnd(60)} ${`${ms.toFixed(0)} ms`.padStart(9)}  held ${mb(bytes).padStart(9)}  ${note}`);
    await bucket.delete(key);
    return;
  }
  // As the Durable Object opens it (solver/open-session.ts: encoded, written into the core, the sections only the
  // core reads released). Sampled once encoded (the sections in JavaScript) and once written into the core's memory
  // (both copies, just before the host's is released); the end of the load is the third candidate for its peak.
  // The samples are two full collections each: timed on a second opening without them.
  // Inside the encoder, held memory is also sampled after each constraint family's encoder (its context is held
  // then, with whatever the families keep in it).
  const stages: Partial<Record<"encoded" | "written", number>> = {};
  let familiesPeak = 0;
  const encoders = FAMILIES.map((family) => family.encode);
  FAMILIES.forEach((family, k) => {
    const encode = encoders[k];
    if (encode) (family as { encode?: typeof encode }).encode = (ctx) => (encode.call(family, ctx), (familiesPeak = Math.max(familiesPeak, heldBytes() - base)));
  });
  let session = await openSession(module, stored, { seed: 1, onStage: (stage) => (stages[stage] = heldBytes() - base) });
  FAMILIES.forEach((family, k) => ((family as { encode?: unknown }).encode = encoders[k]));
  const loadHeld = heldBytes() - base;
  const wasmBytes = session.memoryBytes();
  const openPeak = Math.max(familiesPeak, stages.encoded!, stages.written!, loadHeld);
  t = performance.now();
  session = await openSession(module, stored, { seed: 1 });
  const loadMs = readMs + performance.now() - t;
  rows.push([
    "DO: load, streamed (R2 stream, shift table, openSession)",
    loadMs,
    loadHeld,
    `wasm memory ${mb(wasmBytes)}, JS ${mb(loadHeld - wasmBytes)}; after the read ${mb(readHeld)} (${(readHeld / size.shifts).toFixed(0)} B per shift, ` +
      `peak while reading ${mb(loadPeak.bytes)}, ${table.sharing.shapes} shapes, ${table.sharing.values} values); ` +
      `openSession's peak ${mb(openPeak)} (encoding ${mb(familiesPeak)}, encoded ${mb(stages.encoded!)}, written into the core ${mb(stages.written!)}, loaded ${mb(loadHeld)})`,
  ]);

  progress("load");
  // 3. One solve slice.
  base = heldBytes();
  t = performance.now();
  session.runSlice(SLICE_UNITS);
  rows.push(["DO: solve slice", performance.now() - t, heldBytes() - base, `${SLICE_UNITS} units, phase ${session.phase}`]);

  // 4. GET <root>/{id}: the output of the best solution, serialized.
  base = heldBytes();
  t = performance.now();
  {
    const parts = solutionParts(stored.modelInput, session.bestAssignment(), session.problem);
    const body = JSON.stringify({ metadata: { id: name }, ...parts });
    const outMs = performance.now() - t;
    rows.push(["DO: GET output serialized whole (before)", outMs, heldBytes() - base, `response ${mb(body.length)}`]);
  }

  // 5. The output as the Durable Object serializes it now, for GET <root>/{id} (durable-objects/response-stream.ts)
  // and for R2 when the run ends (stored-output.ts): its shifts made as they are serialized, the JSON in pieces
  // (solver/output-json.ts), peak sampled every 16 pieces of 64 K characters.
  // Timed once without sampling (a sample is two full collections), then once more for the peak.
  const encoder = new TextEncoder();
  const serialize = (sample: () => void) => {
    let bytes = 0;
    let count = 0;
    for (const piece of jsonPieces(solutionParts(stored.modelInput, session.bestAssignment(), session.problem, { lazyShifts: true }))) {
      bytes += encoder.encode(piece).byteLength;
      if (count++ % 16 === 0) sample();
    }
    return { bytes, count };
  };
  t = performance.now();
  serialize(() => undefined);
  const piecesMs = performance.now() - t;
  const outPeak = new HeldPeak();
  const { bytes: outBytes, count: pieces } = serialize(() => outPeak.sample());
  outPeak.sample();
  rows.push(["DO: GET output and stored output, in pieces (now)", piecesMs, outPeak.bytes, `peak; ${mb(outBytes)} in ${pieces} pieces`]);

  // 6-7. The analyses on the live session (liveAnalyses, below).
  if (process.argv.includes("--whole")) {
    const best = session.bestAssignment();
    // Before: a second session beside the live one (encoded whole, not narrowed nor released), its analysis built
    // whole and serialized as one string, as the object answered it then.
    base = heldBytes();
    t = performance.now();
    const second = await SolverSession.create(module, encodeProblem(stored.modelInput), { weights: stored.config?.model?.overrides ?? undefined });
    second.applyAssignment(best);
    const text = JSON.stringify(scoreAnalysis(second, { includeJustifications: true }));
    rows.push(["DO: score analysis with justifications, before (second session)", performance.now() - t, heldBytes() - base, `beside the live session; ${mb(text.length)} as one string`]);
  }
  rows.push(...liveAnalyses(session));

  // The stored output, for the base of a patch below (written whole: setup, not measured).
  const outputKey = `bench/${name}/output.json`;
  await bucket.put(outputKey, [...jsonPieces(solutionParts(stored.modelInput, session.bestAssignment(), session.problem, { lazyShifts: true }))].join(""));
  progress("stored output written");
  rows.push(...(await requestStages(name, bucket, key, outputKey, size.shifts)));

  for (const [stage, ms, bytes, note] of rows) {
    console.log(`${stage.padEnd(60)} ${`${ms.toFixed(0)} ms`.padStart(9)}  held ${mb(bytes).padStart(9)}  ${note}`);
  }
  await bucket.delete([key, outputKey]);
}

/**
 * The objects under `keys` as a bucket held in memory (read from R2 once, before any baseline), whose reads are
 * streams of 64 KB pieces sampled into `peak` every 32 pieces, and whose writes (put or multipart) are counted,
 * sampled and dropped: Miniflare's R2 closed slow streams of 87 MB read with a collection every 32 pieces.
 */
/**
 * 6. GET <root>/{id}/input (dataset-object.ts `getRequestStream`) of a dataset not loaded: the request read from R2
 * as a stream into the shift table, then serialized in pieces (peak sampled while reading and every 16 pieces).
 * 7. POST <root>/{id}/from-patch (select SOLVED, worker/derived-request.ts) of a completed dataset: the Durable
 * Object reads its stored output's assignment as a stream; the Worker reads the parent's request as a stream, applies
 * a patch (100 operations on shifts by id, 10 insertions and removals, 20 assignments, an employee), checks each shift and employee
 * against the schema and stores the child's request as it is written (peak sampled while reading, after the patch
 * and at every R2 part). R2 is `memoryBucket` here: the stored objects read once before, the child's bytes counted.
 * With --whole, both also as before: the request (and the output) parsed whole.
 */
async function requestStages(name: string, r2: R2Bucket, key: string, outputKey: string, shifts: number): Promise<Array<[string, number, number, string]>> {
  const rows: Array<[string, number, number, string]> = [];
  const encoder = new TextEncoder();
  const stored = new Map<string, Uint8Array>();
  for (const k of [key, outputKey]) stored.set(k, new Uint8Array(await (await r2.get(k))!.arrayBuffer()));
  const { bucket, sizes: written, sampleInto } = memoryBucket(stored, "size");
  if (process.argv.includes("--whole")) {
    const base = heldBytes();
    const t = performance.now();
    const whole = await (await r2.get(key))!.json<SolvingRequest>();
    const text = JSON.stringify(whole.modelInput);
    rows.push(["DO: GET input before (parsed whole, serialized whole)", performance.now() - t, heldBytes() - base, `response ${mb(text.length)}`]);
    progress("GET input before");
  }
  heldBytes(); // a collection more: the garbage of a stage before goes only then, and would raise the baseline
  let peak = new HeldPeak();
  let t = performance.now();
  sampleInto(peak);
  const { request } = await readRequestStream((await bucket.get(key))!.body);
  let bytes = 0;
  let count = 0;
  for (const piece of jsonPieces(request.modelInput)) {
    bytes += encoder.encode(piece).byteLength;
    if (count++ % 16 === 0) peak.sample();
  }
  peak.sample();
  rows.push(["DO: GET input, streamed (R2 stream, shift table, pieces)", performance.now() - t, peak.bytes, `peak; ${mb(bytes)} in ${count} pieces`]);
  progress("GET input streamed");

  // The same operations for both: positions drawn from one seed, ids and shifts read at those positions of the base.
  const patchOf = (count: number, shiftAt: (i: number) => { id: string }, employee: string) => {
    const next = rng(5);
    const at = () => Math.floor(next() * count);
    const operations: PatchOperation[] = [];
    for (let i = 0; i < 100; i++) operations.push({ op: "add", path: `/shifts[id=${shiftAt(at()).id}]/pinned`, value: true });
    for (let i = 0; i < 5; i++) operations.push({ op: "remove", path: `/shifts/${at()}` });
    for (let i = 0; i < 5; i++) operations.push({ op: "add", path: `/shifts/${at()}`, value: { ...shiftAt(at()), id: `added-${i}` } });
    for (let i = 0; i < 20; i++) operations.push({ op: "add", path: `/shifts[id=${shiftAt(at()).id}]/employee`, value: employee });
    operations.push({ op: "add", path: `/employees[id=${employee}]/unavailableTimeSpans`, value: [] });
    return operations;
  };
  if (process.argv.includes("--whole")) {
    // As before: the request and the output parsed whole, the solution written into a copy of the shifts, the patch
    // applied on a copy, the schema and validation on the whole input, the child's request one string.
    const base = heldBytes();
    const t = performance.now();
    const whole = await (await r2.get(key))!.json<SolvingRequest>();
    const output = await (await r2.get(outputKey))!.json<{ modelOutput: { shifts: Array<{ id: string; employee: string | null }> } }>();
    const byShift = new Map(output.modelOutput.shifts.map((s) => [s.id, s.employee]));
    const solved = { ...whole.modelInput, shifts: whole.modelInput.shifts.map((shift) => {
      const employee = byShift.get(shift.id) ?? null;
      const { employee: _old, ...rest } = shift;
      return employee === null ? rest : { ...rest, employee };
    }) };
    const parsed = ModelInputSchema.parse(applyPatch(solved, patchOf(solved.shifts.length, (i) => solved.shifts[i], solved.employees[0].id)));
    const issues = validateModelInput(parsed);
    const text = JSON.stringify({ config: whole.config, modelInput: parsed });
    rows.push(["Worker: from-patch before (parsed whole)", performance.now() - t, heldBytes() - base, `${issues.length} issues; request ${mb(text.length)}`]);
    progress("from-patch before");
  }
  sampleInto(null);
  heldBytes();
  peak = new HeldPeak();
  t = performance.now();
  sampleInto(peak);
  const solution = await readStoredAssignment(bucket, outputKey);
  peak.sample();
  const dataObjectPeak = peak.bytes;
  sampleInto(null);
  heldBytes();
  peak = new HeldPeak();
  sampleInto(peak);
  const parent = await readParentRequest(bucket, { requestKey: key, solution });
  peak.sample();
  const read = peak.bytes;
  const list = parent.modelInput.shifts as PatchedShifts;
  const patched = patchParent(parent, patchOf(list.length, (i) => list.get(i) as { id: string }, (parent.modelInput.employees as Array<{ id: string }>)[0].id));
  peak.sample();
  const issues = await storeDerivedRequest(bucket, `${key}.child`, parent.config, patched, { schema: true });
  peak.sample();
  const childBytes = written.get(`${key}.child`)!;
  rows.push([
    "Worker: from-patch, streamed (read, patch, check, store)",
    performance.now() - t,
    peak.bytes,
    `peak; ${(peak.bytes / shifts).toFixed(0)} B per shift; after the read ${mb(read)}; the Durable Object's assignment read ${mb(dataObjectPeak)} peak; ${issues.length} issues; request ${mb(childBytes)}`,
  ]);
  return rows;
}

/** `--ended`: the score analysis with justifications on a session of its own (see the caller). */
async function endedAnalysis(stored: SolvingRequest, objectBase: number): Promise<[string, number, number, string]> {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, heldBytes() - objectBase));
  const t = performance.now();
  const own = await sessionWithAssignment(module, stored, submittedAssignment(stored.modelInput));
  sample();
  const opened = peak;
  const encoder = new TextEncoder();
  let bytes = 0;
  let count = 0;
  for (const piece of jsonPieces(lazyScoreAnalysis(own, { includeJustifications: true }))) {
    bytes += encoder.encode(piece).byteLength;
    if (count++ % 16 === 0) sample();
  }
  sample();
  return ["DO: score analysis with justifications, no live run (own session)", performance.now() - t, peak, `held by the object with its request and session; once opened ${mb(opened)}, wasm memory ${mb(own.memoryBytes())}; ${mb(bytes)} in ${count} pieces`];
}

/**
 * Stages 6-7: GET <root>/{id}/score-analysis and one assignability page while the run is live, as the Durable Object
 * serves them (dataset-object.ts `analyzed`): the live session holds the best assignment while each piece is made
 * (solver/analyze.ts `holding`), the matches made as they are serialized (explain.ts `lazyScoreAnalysis`). Peaks
 * sampled every 16 pieces, then timed once more without sampling.
 */
function liveAnalyses(live: SolverSession): Array<[string, number, number, string]> {
  const rows: Array<[string, number, number, string]> = [];
  const encoder = new TextEncoder();
  let t: number;
  const analyze = (includeJustifications: boolean, sample: () => void) => {
    // The best assignment of the request's moment, held by the stream (counted).
    const best = live.bestAssignment();
    const read = <T>(call: () => T): T => holding(live, best, call);
    let bytes = 0;
    let count = 0;
    const pieces = jsonPieces(read(() => lazyScoreAnalysis(live, { includeJustifications, current: best })));
    for (;;) {
      const next = read(() => pieces.next());
      if (next.done) break;
      bytes += encoder.encode(next.value).byteLength;
      if (count++ % 16 === 0) sample();
    }
    return { bytes, count };
  };
  const wasmBefore = live.memoryBytes();
  for (const justified of [false, true]) {
    // The peak first (the core's memory grows, if it does, in the first analysis), then timed.
    const peak = new HeldPeak();
    const { bytes, count } = analyze(justified, () => peak.sample());
    peak.sample();
    t = performance.now();
    analyze(justified, () => undefined);
    const ms = performance.now() - t;
    rows.push([`DO: score analysis${justified ? " with justifications" : ""}, live, in pieces`, ms, peak.bytes, `peak; ${mb(bytes)} in ${count} pieces`]);
  }

  // 7. One page of GET <root>/{id}/assignability-analysis (maxReportPageSize shifts).
  const pagePeak = new HeldPeak();
  t = performance.now();
  const page = maxReportPageSize(live.problem.employeeIds.length);
  const best = live.bestAssignment();
  const report = holding(live, best, () => assignabilityReport(live, reportShifts(live, false).slice(0, page)));
  const pageMs = performance.now() - t;
  pagePeak.sample();
  rows.push(["DO: assignability page, live", pageMs, pagePeak.bytes, `${report.totalAnalyzed} shifts x ${live.problem.employeeIds.length} employees; wasm memory grew ${mb(live.memoryBytes() - wasmBefore)} over stages 6-7`]);
  return rows;
}

const names = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response(null) } }", r2Buckets: ["BLOBS"] });
try {
  const bucket = (await mf.getR2Bucket("BLOBS")) as unknown as R2Bucket;
  for (const name of names.length ? names : ["M", "XL", "400k"]) await measure(name, bucket);
} finally {
  await mf.dispose();
}
