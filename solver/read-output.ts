/**
 * The assignment a stored output describes (output.ts `assignmentOfOutput`), read from its bytes as a stream (README
 * "Score analysis and assignability in the Durable Object"): the output's shifts and per-employee metrics go through
 * the tokenizer one at a time and are dropped, so a 400,000-shift output (18.8 MB of JSON) is never held whole. The
 * stored output lists the input's shifts in input order, then the generated ones (output.ts `solutionParts`): each
 * member is checked against the shift at its place.
 */
import { JsonStream } from "../model/json-stream";
import type { ModelInput } from "../schemas/model-input";
import { byteChunks } from "./read-request";
import { withGeneratedShifts } from "./shift-generation";

const LISTS = [["modelOutput", "shifts"], ["modelOutput", "generatedShifts"], ["modelOutput", "employees"]] as const;

const refuse = (_status: number, _code: string, message: string) => new Error(`The stored output was refused: ${message}`);

/** Employee index per shift of `input` (the generated demand shifts after its own), -1 unassigned. */
export async function readOutputAssignment(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, input: ModelInput): Promise<Int32Array> {
  const shifts = withGeneratedShifts(input).shifts;
  const own = input.shifts.length;
  const employees = new Map(input.employees.map((e, i) => [e.id, i]));
  const assignment = new Int32Array(shifts.length).fill(-1);
  const json = new JsonStream({
    streamed: LISTS,
    onMember: (list, index, value) => {
      if (list === 2) return; // per-employee metrics: not needed
      const at = list === 0 ? index : own + index;
      const member = value as { id?: unknown; employee?: unknown } | null;
      if (at >= shifts.length || !member || member.id !== shifts[at].id) {
        throw new Error(`The stored output's shift ${list === 0 ? "" : "generated "}#${index} is not the input's shift at its place.`);
      }
      assignment[at] = typeof member.employee === "string" ? (employees.get(member.employee) ?? -1) : -1;
    },
    maxKeptBytes: Number.MAX_SAFE_INTEGER,
    maxMemberBytes: Number.MAX_SAFE_INTEGER,
    shareValues: true,
    refuse,
  });
  for await (const chunk of byteChunks(body)) json.write(chunk);
  json.end();
  return assignment;
}
