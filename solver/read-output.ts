/**
 * A stored output (output.ts `solutionParts`) read from its bytes as a stream (README "Score analysis and
 * assignability in the Durable Object"): its shifts and per-employee metrics go through the tokenizer one at a time
 * and are dropped, so a 400,000-shift output (18.8 MB of JSON) is never held whole. The stored output lists the
 * input's shifts in input order, then the generated ones.
 */
import { JsonStream } from "../model/json-stream";
import type { ModelInput } from "../schemas/model-input";
import { byteChunks } from "./read-request";
import { withGeneratedShifts } from "./shift-generation";

const LISTS = [["modelOutput", "shifts"], ["modelOutput", "generatedShifts"], ["modelOutput", "employees"]] as const;

const refuse = (_status: number, _code: string, message: string) => new Error(`The stored output was refused: ${message}`);

/** A member of the output's `shifts` (generated false) or `generatedShifts` (generated true), at `index` there. */
export type OutputShiftReader = (member: { id?: unknown; employee?: unknown } | null, index: number, generated: boolean) => void;

/** Reads the output's shifts and generated shifts as they arrive, each handed to `onShift`; the rest is dropped. */
export async function readOutputShifts(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, onShift: OutputShiftReader): Promise<void> {
  const json = new JsonStream({
    streamed: LISTS,
    onMember: (list, index, value) => {
      if (list !== 2) onShift(value as { id?: unknown; employee?: unknown } | null, index, list === 1); // metrics: not needed
    },
    maxKeptBytes: Number.MAX_SAFE_INTEGER,
    maxMemberBytes: Number.MAX_SAFE_INTEGER,
    shareValues: true,
    refuse,
  });
  for await (const chunk of byteChunks(body)) json.write(chunk);
  json.end();
}

/**
 * Employee index per shift of `input` (the generated demand shifts after its own), -1 unassigned; each member is
 * checked against the shift at its place.
 */
export async function readOutputAssignment(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, input: ModelInput): Promise<Int32Array> {
  const shifts = withGeneratedShifts(input).shifts;
  const own = input.shifts.length;
  const employees = new Map(input.employees.map((e, i) => [e.id, i]));
  const assignment = new Int32Array(shifts.length).fill(-1);
  await readOutputShifts(body, (member, index, generated) => {
    const at = generated ? own + index : index;
    if (at >= shifts.length || !member || member.id !== shifts[at].id) {
      throw new Error(`The stored output's shift ${generated ? "generated " : ""}#${index} is not the input's shift at its place.`);
    }
    assignment[at] = typeof member.employee === "string" ? (employees.get(member.employee) ?? -1) : -1;
  });
  return assignment;
}
