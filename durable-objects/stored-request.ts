/**
 * The dataset's stored solving request, read back from R2 (README "Request bodies"). For solving, outputs and
 * analyses it is streamed (solver/read-request.ts): its shifts go into a compact table as the bytes arrive, so the
 * object never holds the request's text or its whole object tree. Nothing of it goes to the Worker as a value but
 * its config: GET of the input is a byte stream made from the view (response-stream.ts), and the Worker reads the
 * base of a patch itself, with the same reader (worker/derived-request.ts).
 */
import { JsonStream } from "../model/json-stream";
import type { SolvingRequest } from "../schemas/solving-request";
import { readRequestStream } from "../solver/read-request";

async function storedObject(bucket: R2Bucket, key: string): Promise<R2ObjectBody> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`The dataset's input ${key} is missing from storage.`);
  return object;
}

/** The request with its shifts in a compact table (read-only): for the solver, outputs and analyses. */
export async function readStoredRequest(bucket: R2Bucket, key: string): Promise<SolvingRequest> {
  return (await readRequestStream((await storedObject(bucket, key)).body)).request;
}

/** The lists a read of the config alone drops as they pass. */
const INPUT_LISTS = [
  ["modelInput", "shifts"],
  ["modelInput", "employees"],
] as const;

/**
 * The request's config alone (GET <root>/{id}/config, the solve queue's reservation): the bytes go through the same
 * reader, the shifts and employees dropped as they pass (the config is stored after the input).
 */
export async function readStoredConfig(bucket: R2Bucket, key: string): Promise<SolvingRequest["config"]> {
  const json = new JsonStream({
    streamed: INPUT_LISTS,
    onMember: () => undefined,
    maxKeptBytes: Number.MAX_SAFE_INTEGER,
    maxMemberBytes: Number.MAX_SAFE_INTEGER,
    refuse: (_status, _code, message) => new Error(`The stored request was refused: ${message}`),
  });
  for await (const chunk of (await storedObject(bucket, key)).body as unknown as AsyncIterable<Uint8Array>) json.write(chunk);
  return (json.end() as SolvingRequest).config;
}
