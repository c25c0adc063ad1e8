/**
 * A submitted dataset (POST <root>) read as a stream (README "Request bodies"): the body, plain or gzip, is parsed as
 * it arrives (json-stream.ts); each shift and each employee is checked against its schema as soon as it is complete,
 * a shift then shrinks to what semantic validation needs (model/shift-facts.ts) and is dropped, and the bytes of
 * `modelInput` go to R2 as they were sent (r2-upload.ts). The stored object is `{"modelInput":<as sent>,"config":<the
 * request's config with its profile>}`, the request the Durable Objects read back. Neither the body nor the input is
 * ever held whole: the Worker holds the employees, the parts of the input other than shifts, the id sets of
 * ShiftFacts and one R2 part (5 MiB).
 *
 * A body the schema refuses is a 400 naming every problem (up to MAX_SCHEMA_PROBLEMS), like the other routes; on any
 * refusal the upload is dropped, so nothing is left in R2.
 */
import type { ZodError } from "zod";
import { JsonStream } from "../model/json-stream";
import { ShiftFacts } from "../model/shift-facts";
import { EmployeeSchema, ShiftSchema, type Employee, type ModelInput } from "../schemas/model-input";
import { SolvingRequestSchema, type ModelConfiguration } from "../schemas/solving-request";
import { ApiError, describeZodError } from "./errors";
import { R2Upload } from "./r2-upload";
import { bodyChunks, bodyLimit, checkJsonHeaders, type BodyLimits } from "./transport";

/** Schema problems listed in one 400 at most; reading stops at the next one. */
export const MAX_SCHEMA_PROBLEMS = 100;
/** Largest shift or employee, in bytes of JSON: far above any real one, low enough to bound the Worker's memory. */
export const MAX_MEMBER_BYTES = 1024 * 1024;

/** The lists read member by member, in this order (indexes of `onMember`). */
const SHIFTS = 0;
const EMPLOYEES = 1;
const STREAMED = [
  ["modelInput", "shifts"],
  ["modelInput", "employees"],
] as const;

/** Spec §8: a request body may be 100 MB gzip-compressed and 2 GB uncompressed. */
export const MAX_STREAMED_WIRE_BYTES = 100 * 1024 * 1024;
export const MAX_STREAMED_BODY_BYTES = 2 * 1024 * 1024 * 1024;

export interface IngestLimits extends BodyLimits {
  /** Most bytes of the body apart from its shifts (the employees count): what the Worker holds of it. */
  kept: number;
}

/** The limits of a streamed submission: the specification's, and the `MAX_BODY_BYTES` setting for what is kept. */
export function streamedLimits(setting: string | undefined): IngestLimits {
  return { wire: MAX_STREAMED_WIRE_BYTES, inflated: MAX_STREAMED_BODY_BYTES, kept: bodyLimit(setting) };
}

/** A streamed submission, read and checked against the schema; its input is in R2 but not yet under its key. */
export interface IngestedRequest {
  config: ModelConfiguration | null | undefined;
  /** The input without its shifts (`shifts` is empty): what semantic validation reads besides `shifts`. */
  modelInput: Omit<ModelInput, "shifts">;
  shifts: ShiftFacts;
  /** Call `finish(config)` to store the request under its key, or `abort()`. */
  upload: RequestUpload;
}

/** The stored request's last bytes (its config) are known only once the body is read and the profile applied. */
export class RequestUpload {
  constructor(private readonly upload: R2Upload) {}

  get key(): string {
    return this.upload.key;
  }

  async finish(config: ModelConfiguration | null | undefined): Promise<void> {
    const tail = config === undefined ? "}" : `,"config":${JSON.stringify(config)}}`;
    await this.upload.write(new TextEncoder().encode(tail));
    await this.upload.finish();
  }

  abort(): Promise<void> {
    return this.upload.abort();
  }
}

/** Reads and checks the body of `req`, storing its input under `key` as it goes (see the file's comment). */
export async function ingestSolvingRequest(req: Request, bucket: R2Bucket, key: string, limits: IngestLimits): Promise<IngestedRequest> {
  const { gzip } = checkJsonHeaders(req, limits);
  if (!req.body) throw new ApiError(400, "VALIDATION_ERROR", "The request body does not match the schema.", ["(body): a request body is required"]);
  const upload = new R2Upload(bucket, key);
  const problems: string[] = [];
  const employees: Employee[] = [];
  let employeeBytes = 0;
  let shifts: ShiftFacts | null = null;
  const noteProblems = (error: ZodError, root: string) => {
    for (const problem of describeZodError(error, root)) if (problems.length < MAX_SCHEMA_PROBLEMS) problems.push(problem);
  };
  const pending: Uint8Array[] = [];
  const json = new JsonStream({
    streamed: STREAMED,
    maxKeptBytes: limits.kept,
    maxMemberBytes: MAX_MEMBER_BYTES,
    refuse: (status, code, message, details) => new ApiError(status, code, message, details),
    capture: "modelInput",
    onCapture: (bytes) => pending.push(bytes),
    onMember: (list, index, value, bytes) => {
      if (list === EMPLOYEES) {
        employeeBytes += bytes;
        const parsed = EmployeeSchema.safeParse(value);
        if (parsed.success) employees.push(parsed.data);
        else noteProblems(parsed.error, `modelInput.employees[${index}]`);
        return;
      }
      // A list is contiguous: employees read before the first shift are all of them, and the shifts' references to
      // them are checked at once; otherwise they wait for the end (validation.ts).
      shifts ??= new ShiftFacts(employees.length > 0 ? new Set(employees.map((e) => e.id)) : null);
      const parsed = ShiftSchema.safeParse(value);
      if (parsed.success) shifts.add(parsed.data);
      else noteProblems(parsed.error, `modelInput.shifts[${index}]`);
    },
  });
  try {
    await upload.write(new TextEncoder().encode(`{"modelInput":`));
    const utf8 = new TextDecoder("utf-8", { fatal: true });
    for await (const chunk of bodyChunks(req.body, gzip, limits)) {
      checkUtf8(utf8, chunk);
      json.write(chunk);
      if (json.keptBytes + employeeBytes > limits.kept) throw keptTooLarge(limits.kept);
      if (problems.length >= MAX_SCHEMA_PROBLEMS) break;
      // Once the body is refused nothing more is stored; reading goes on to list its other problems.
      if (problems.length === 0) for (const piece of pending.splice(0)) await upload.write(piece);
      else pending.length = 0;
    }
    const stopped = problems.length >= MAX_SCHEMA_PROBLEMS;
    if (!stopped) checkUtf8(utf8);
    const root = stopped ? null : json.end();
    // The rest of the request: the streamed lists are empty here, their members were checked one by one.
    const skeleton = root === null ? null : SolvingRequestSchema.safeParse(root);
    if (skeleton && !skeleton.success) noteProblems(skeleton.error, "");
    if (problems.length > 0 || !skeleton?.success) {
      const more = stopped ? [`… and more: reading stopped after ${MAX_SCHEMA_PROBLEMS} problems`] : [];
      throw new ApiError(400, "VALIDATION_ERROR", "The request body does not match the schema.", [...problems, ...more]);
    }
    for (const piece of pending.splice(0)) await upload.write(piece);
    const { modelInput, config } = skeleton.data;
    return {
      config,
      modelInput: { ...modelInput, employees },
      shifts: shifts ?? new ShiftFacts(null),
      upload: new RequestUpload(upload),
    };
  } catch (err) {
    await upload.abort();
    throw err;
  }
}

function checkUtf8(decoder: TextDecoder, chunk?: Uint8Array): void {
  try {
    // Decoded only to check it: the tokenizer reads the bytes itself.
    if (chunk) decoder.decode(chunk, { stream: true });
    else decoder.decode();
  } catch {
    throw new ApiError(400, "BAD_REQUEST", "The request body is not valid UTF-8.", ["(body): not valid UTF-8"]);
  }
}

function keptTooLarge(limit: number): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", `The request body apart from modelInput.shifts exceeds the limit of ${limit} bytes.`, [
    `limit: ${limit} bytes`,
  ]);
}
