/**
 * `npx tsx bench/request-time.ts [SHIFTS]`: the wall and CPU time of the heaviest requests, without the memory samples
 * of bench/memory.ts (each one two full collections), two rounds: GET <root>/{id}/input (a dataset not loaded: the
 * stored request read as a stream into the shift table, serialized in pieces); from-patch's derivation in the Worker
 * (worker/derived-request.ts: the parent read as a stream, one operation, each shift and employee checked against the
 * schema, the child written); and, on a session of its own with the submitted assignment (the object with no run
 * live), the score analysis with justifications serialized in pieces and one assignability page. R2 is a bucket in
 * memory (64 KB pieces read, bytes written counted). README "Request bodies".
 */
import { readFileSync } from "node:fs";
import { sessionWithAssignment } from "../solver/analyze";
import { assignabilityReport, maxReportPageSize, reportShifts } from "../solver/assignability";
import { lazyScoreAnalysis } from "../solver/explain";
import { submittedAssignment } from "../solver/output";
import { jsonPieces } from "../solver/output-json";
import { readRequestStream } from "../solver/read-request";
import { patchParent, readParentRequest, storeDerivedRequest } from "../worker/derived-request";
import { generateInstance } from "./generate";

const shifts = Number(process.argv[2] ?? 100_000);
const input = generateInstance({ shifts, employees: shifts / 50, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true });
const bytes = new TextEncoder().encode(JSON.stringify({ modelInput: input, config: {} }));
const body = () => {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) controller.close();
      else controller.enqueue(bytes.slice(at, (at += 64 * 1024)));
    },
  });
};
let written = 0;
const bucket = {
  get: async () => ({ body: body() }),
  put: async (_key: string, value: Uint8Array) => ((written += value.byteLength), {}),
  createMultipartUpload: async () => ({
    uploadPart: async (n: number, part: Uint8Array) => ((written += part.byteLength), { partNumber: n, etag: String(n) }),
    complete: async () => ({}),
    abort: async () => undefined,
  }),
  delete: async () => undefined,
} as unknown as R2Bucket;

const module = new WebAssembly.Module(readFileSync(new URL("../build/rota.wasm", import.meta.url)));

/** Runs `work`, returning its result and its wall and CPU milliseconds (this process: user + system). */
async function timed<T>(work: () => Promise<T> | T): Promise<{ value: T; text: string }> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, text: `${(performance.now() - t).toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms)` };
}

for (let round = 0; round < 2; round++) {
  const get = await timed(async () => {
    const { request } = await readRequestStream(body());
    let chars = 0;
    for (const piece of jsonPieces(request.modelInput)) chars += piece.length;
    return { request, chars };
  });
  const patch = await timed(async () => {
    const parent = await readParentRequest(bucket, { requestKey: "parent", solution: "SUBMITTED" });
    const patched = patchParent(parent, [{ op: "add", path: `/shifts[id=${input.shifts[5].id}]/pinned`, value: true }]);
    written = 0;
    await storeDerivedRequest(bucket, "child", parent.config, patched, { schema: true });
  });
  const { request } = get.value;
  const open = await timed(() => sessionWithAssignment(module, request, submittedAssignment(request.modelInput)));
  const session = open.value;
  const analysis = await timed(() => {
    let chars = 0;
    for (const piece of jsonPieces(lazyScoreAnalysis(session, { includeJustifications: true }))) chars += piece.length;
    return chars;
  });
  const page = maxReportPageSize(session.problem.employeeIds.length);
  const assignability = await timed(() => assignabilityReport(session, reportShifts(session, false).slice(0, page)));
  console.log(
    `${shifts} shifts: GET input ${get.text} (${get.value.chars} characters); from-patch ${patch.text} ` +
      `(${written} bytes written); session opened ${open.text}; score analysis with justifications ${analysis.text} ` +
      `(${analysis.value} characters); assignability page of ${page} shift(s) x ${session.problem.employeeIds.length} employees ${assignability.text}`,
  );
}