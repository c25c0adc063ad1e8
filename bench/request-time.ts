/**
 * `npx tsx bench/request-time.ts [SHIFTS]`: the time of GET <root>/{id}/input (a dataset not loaded: the stored
 * request read as a stream into the shift table, serialized in pieces) and of from-patch's derivation in the Worker
 * (worker/derived-request.ts: the parent read as a stream, one operation, each shift and employee checked against the
 * schema, the child written), without the memory samples of bench/memory.ts (each one two full collections), two
 * rounds. R2 is a bucket in memory (64 KB pieces read, bytes written counted). README "Request bodies".
 */
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

for (let round = 0; round < 2; round++) {
  let t = performance.now();
  const { request } = await readRequestStream(body());
  const read = performance.now() - t;
  let chars = 0;
  for (const piece of jsonPieces(request.modelInput)) chars += piece.length;
  const get = performance.now() - t;
  t = performance.now();
  const parent = await readParentRequest(bucket, { requestKey: "parent", solution: "SUBMITTED" });
  const parentRead = performance.now() - t;
  const patched = patchParent(parent, [{ op: "add", path: `/shifts[id=${input.shifts[5].id}]/pinned`, value: true }]);
  written = 0;
  await storeDerivedRequest(bucket, "child", parent.config, patched, { schema: true });
  const derive = performance.now() - t;
  console.log(
    `${shifts} shifts: GET input ${get.toFixed(0)} ms (read ${read.toFixed(0)}, ${chars} characters); ` +
      `from-patch ${derive.toFixed(0)} ms (read ${parentRead.toFixed(0)}, ${written} bytes written)`,
  );
}
