/**
 * The request of a dataset derived from another (from-patch, from-input, new-run; spec §2.5), made without holding
 * either input whole (README "Request bodies": the base of a patch):
 * - the parent's stored request is read as a stream (solver/read-request.ts): its shifts go into a compact table, and
 *   with SOLVED its solution is written into each shift as the shift is made (dataset-object.ts `getDerivationBase`:
 *   compact values, never the parent's output parsed whole);
 * - a patch is applied on it (model/patch.ts `applyPatchShared`): only what the patch changes is copied, the shifts
 *   are edited as a list of positions (solver/patched-shifts.ts);
 * - the child's request is checked and stored one shift at a time: (from-patch) each shift and each employee against
 *   its schema, every shift into the facts semantic validation reads (model/shift-facts.ts), and the text into R2 as
 *   it is made (r2-upload.ts: one part held). A refusal aborts the upload: nothing is left in R2.
 * The stored text is the one `JSON.stringify({ config, modelInput })` makes of the input built whole (for a patch,
 * of the schema's output: its members in the schema's order).
 */
import type { ZodError } from "zod";
import type { DerivationBase } from "../durable-objects/dataset-object";
import { applyPatchShared, PatchList, type PatchOperation } from "../model/patch";
import { ShiftFacts } from "../model/shift-facts";
import { validateWithShiftFacts, type ValidationIssue } from "../model/validation";
import { EmployeeSchema, ModelInputSchema, ShiftSchema, type ModelInput } from "../schemas/model-input";
import type { SolvingRequest } from "../schemas/solving-request";
import { jsonPieces } from "../solver/output-json";
import { PatchedShifts } from "../solver/patched-shifts";
import { readRequestStream } from "../solver/read-request";
import type { ShiftTable } from "../solver/shift-table";
import { ApiError, describeZodError } from "./errors";
import { MAX_SCHEMA_PROBLEMS } from "./ingest";
import { R2Upload } from "./r2-upload";

/** A parent's input to derive from: its members as read, its shifts a PatchedShifts. */
export interface ParentRequest {
  modelInput: Record<string, unknown>;
  config: SolvingRequest["config"];
}

/** Characters of text gathered before they are encoded and written. */
const PIECE_CHARS = 64 * 1024;

/** The parent's stored request, read as a stream, with its solution (SOLVED) written into the shifts as they are made. */
export async function readParentRequest(bucket: R2Bucket, base: DerivationBase): Promise<ParentRequest> {
  const object = await bucket.get(base.requestKey);
  if (!object) throw new Error(`The dataset's input ${base.requestKey} is missing from storage.`);
  const { request, shifts: table } = await readRequestStream(object.body);
  const input = request.modelInput as unknown as Record<string, unknown>;
  const shift = shiftWithSolution(table, request.modelInput, base.solution);
  const shifts = new PatchedShifts(table.length, shift, table.idsComplete ? table.ids : null);
  return { modelInput: { ...input, shifts }, config: request.config };
}

/**
 * The table's shift `i` with the parent's solution in it, as the input built whole had it: `employee` removed, and
 * set again (as its last member) when the solution assigns one.
 */
function shiftWithSolution(table: ShiftTable, input: ModelInput, solution: DerivationBase["solution"]): (i: number) => unknown {
  if (solution === null) return (i) => table.get(i);
  const assigned = (shift: Record<string, unknown>, employee: string | null) => {
    const { employee: _old, ...rest } = shift;
    return employee === null ? rest : { ...rest, employee };
  };
  if (solution === "SUBMITTED") {
    // Not solved yet: the input's own assignment, its known employees only (output.ts `submittedAssignment`).
    const known = new Set(input.employees.map((e) => e.id));
    return (i) => {
      const shift = table.get(i) as unknown as Record<string, unknown>;
      const employee = shift.employee;
      return assigned(shift, typeof employee === "string" && known.has(employee) ? employee : null);
    };
  }
  const { employees, assignment } = solution;
  return (i) => assigned(table.get(i) as unknown as Record<string, unknown>, i < assignment.length && assignment[i] >= 0 ? employees[assignment[i]] : null);
}

/** `applyPatchShared` on the parent's input: its PatchErrors are the route's to answer. */
export function patchParent(parent: ParentRequest, patch: readonly PatchOperation[]): Record<string, unknown> {
  return applyPatchShared(parent.modelInput, patch);
}

/**
 * Checks `modelInput` (with `schema`: against the schema, as ModelInputSchema would, each shift and employee on its
 * own) and stores `{config, modelInput}` under `key` as it goes; returns its validation issues. A schema refusal is
 * a 400 naming up to MAX_SCHEMA_PROBLEMS problems, and nothing is stored.
 */
export async function storeDerivedRequest(
  bucket: R2Bucket,
  key: string,
  config: SolvingRequest["config"],
  modelInput: Record<string, unknown>,
  options: { schema: boolean },
): Promise<ValidationIssue[]> {
  const upload = new R2Upload(bucket, key);
  try {
    const issues = await writeRequest(upload, config, modelInput, options.schema);
    await upload.finish();
    return issues;
  } catch (err) {
    await upload.abort();
    throw err;
  }
}

async function writeRequest(upload: R2Upload, config: SolvingRequest["config"], input: Record<string, unknown>, schema: boolean): Promise<ValidationIssue[]> {
  const problems: string[] = [];
  const restProblems: string[] = [];
  const note = (into: string[], error: ZodError, root: string) => {
    for (const problem of describeZodError(error, root)) if (problems.length + restProblems.length < MAX_SCHEMA_PROBLEMS) into.push(problem);
  };
  const shiftList = input.shifts instanceof PatchList || Array.isArray(input.shifts) ? input.shifts : null;
  const employeeList = Array.isArray(input.employees) ? (input.employees as unknown[]) : null;
  // Everything but the two lists is small (the parent's was bounded when stored): checked whole, in the schema's order.
  let rest = input;
  if (schema) {
    const skeleton = ModelInputSchema.safeParse({ ...input, ...(shiftList ? { shifts: [] } : {}), ...(employeeList ? { employees: [] } : {}) });
    if (skeleton.success) rest = skeleton.data as unknown as Record<string, unknown>;
    else note(restProblems, skeleton.error, "modelInput");
  }
  const employees = (employeeList ?? []) as ModelInput["employees"];
  const facts = new ShiftFacts(new Set(employees.map((e) => e?.id)));

  let parts: string[] = [];
  let chars = 0;
  const encoder = new TextEncoder();
  const put = async (text: string) => {
    parts.push(text);
    chars += text.length;
    if (chars >= PIECE_CHARS) await flush();
  };
  // Once a problem is found nothing more is stored (the upload is aborted); reading goes on to list the others.
  const flush = async () => {
    if (problems.length === 0 && restProblems.length === 0) await upload.write(encoder.encode(parts.join("")));
    parts = [];
    chars = 0;
  };

  await put(config === undefined ? `{"modelInput":{` : `{"config":${JSON.stringify(config)},"modelInput":{`);
  let first = true;
  for (const name of Object.keys(rest)) {
    const list = name === "shifts" ? shiftList : name === "employees" ? employeeList : null;
    const value = list ?? rest[name];
    if (value === undefined) continue;
    await put(`${first ? "" : ","}${JSON.stringify(name)}:`);
    first = false;
    if (!list) {
      for (const piece of jsonPieces(value)) await put(piece);
      continue;
    }
    await put("[");
    const count = list.length;
    for (let i = 0; i < count && problems.length < MAX_SCHEMA_PROBLEMS; i++) {
      let member = list instanceof PatchList ? list.get(i) : list[i];
      if (schema) {
        const parsed = (name === "shifts" ? ShiftSchema : EmployeeSchema).safeParse(member);
        if (!parsed.success) {
          note(problems, parsed.error, `modelInput.${name}[${i}]`);
          continue;
        }
        member = parsed.data;
      }
      if (name === "shifts") facts.add(member as ModelInput["shifts"][number]);
      await put(`${i > 0 ? "," : ""}${JSON.stringify(member) ?? "null"}`);
    }
    await put("]");
  }
  await put("}}");
  await flush();
  if (problems.length + restProblems.length > 0) {
    const all = [...problems, ...restProblems];
    const more = all.length >= MAX_SCHEMA_PROBLEMS ? [`… and more: checking stopped after ${MAX_SCHEMA_PROBLEMS} problems`] : [];
    throw new ApiError(400, "VALIDATION_ERROR", "The patched input does not match the schema.", [...all, ...more]);
  }
  const { shifts: _shifts, ...withoutShifts } = rest;
  return validateWithShiftFacts({ ...withoutShifts, employees } as Omit<ModelInput, "shifts">, facts);
}
