/**
 * What semantic validation (validation.ts) needs to know of the shifts, gathered one shift at a time: their ids (for
 * duplicates), their tags, the first shift requiring each skill, the assigned employees it could not check yet, the
 * issues of single shifts and the unscored fields they use. The Worker reads a submission's shifts as a stream and
 * keeps none of them (README "Request bodies"): these compact sets are what it holds instead.
 */
import type { Shift } from "../schemas/model-input";
import { UNSCORED, UnscoredTally, type UnscoredField } from "./unscored-fields";

/** An issue found on one shift, before validation.ts numbers it; `at` is the shift's index. */
export interface ShiftIssue {
  at: number;
  code: "SHIFT_START_NOT_BEFORE_END" | "SHIFT_BREAK_BEFORE_SHIFT_START" | "SHIFT_BREAK_AFTER_SHIFT_END";
  message: string;
  detail: Record<string, unknown>;
}

/** Date.parse, memoized: a dataset repeats the same few hundred timestamps (cleared when it grows large). */
const parsed = new Map<string, number>();
export function parseMs(text: string): number {
  let ms = parsed.get(text);
  if (ms === undefined) {
    ms = Date.parse(text);
    if (parsed.size > 100_000) parsed.clear();
    parsed.set(text, ms);
  }
  return ms;
}

/** Shifts kept per distinct tag set: enough to name the MAX_SHIFT_ISSUES shifts a per-rule check reports. */
export const TAG_SET_SHIFTS = 20;

export class ShiftFacts {
  count = 0;
  private readonly ids = new Set<string>();
  /** Ids met again, once per repetition, in input order. */
  readonly duplicateIds: string[] = [];
  /** Every tag some shift carries. */
  readonly tags = new Set<string>();
  /** Per required skill, the first shift requiring it. */
  readonly firstRequiring = new Map<string, { at: number; shift: string }>();
  /** Assigned shifts whose employee is not in the input, or was not known yet when the shift came. */
  readonly employeeRefs: Array<{ at: number; shift: string; employee: string }> = [];
  /** Issues of single shifts (start, end, breaks), in input order. */
  readonly issues: ShiftIssue[] = [];
  readonly unscored: UnscoredTally;
  /** Per distinct set of tags: the tags and the first TAG_SET_SHIFTS shifts carrying exactly them (rotation-validation.ts). */
  readonly tagSets = new Map<string, { tags: string[]; shifts: Array<{ at: number; id: string }> }>();

  /**
   * @param employeeIds the input's employee ids, when known before the shifts (else checked by validation.ts).
   * @param unscored the fields accepted but not scored (model/unscored-fields.ts; tests pass their own).
   */
  constructor(private readonly employeeIds: ReadonlySet<string> | null, unscored: readonly UnscoredField[] = UNSCORED) {
    this.unscored = new UnscoredTally(unscored);
  }

  add(shift: Shift): void {
    const at = this.count++;
    if (this.ids.has(shift.id)) this.duplicateIds.push(shift.id);
    else this.ids.add(shift.id);
    for (const tag of shift.tags ?? []) this.tags.add(tag);
    const tags = [...new Set(shift.tags ?? [])].sort();
    const key = tags.join("\u0000");
    const set = this.tagSets.get(key) ?? { tags, shifts: [] };
    if (set.shifts.length === 0) this.tagSets.set(key, set);
    if (set.shifts.length < TAG_SET_SHIFTS) set.shifts.push({ at, id: shift.id });
    if (parseMs(shift.start) >= parseMs(shift.end)) {
      this.issues.push({
        at,
        code: "SHIFT_START_NOT_BEFORE_END",
        message: `Shift '${shift.id}' starts at ${shift.start}, not before its end ${shift.end}.`,
        detail: { shift: shift.id, startTime: shift.start, endTime: shift.end },
      });
    }
    for (const b of shift.breaks ?? []) {
      if (parseMs(b.start) < parseMs(shift.start)) {
        this.issues.push({
          at,
          code: "SHIFT_BREAK_BEFORE_SHIFT_START",
          message: `A break of shift '${shift.id}' starts at ${b.start}, before the shift.`,
          detail: { shift: shift.id, breakStart: b.start, shiftStart: shift.start },
        });
      }
      if (parseMs(b.end) > parseMs(shift.end)) {
        this.issues.push({
          at,
          code: "SHIFT_BREAK_AFTER_SHIFT_END",
          message: `A break of shift '${shift.id}' ends at ${b.end}, after the shift.`,
          detail: { shift: shift.id, breakEnd: b.end, shiftEnd: shift.end },
        });
      }
    }
    for (const skill of shift.requiredSkills ?? []) {
      if (!this.firstRequiring.has(skill)) this.firstRequiring.set(skill, { at, shift: shift.id });
    }
    const employee = shift.employee;
    if (employee != null && !this.employeeIds?.has(employee)) this.employeeRefs.push({ at, shift: shift.id, employee });
    this.unscored.addShift(shift, at);
  }
}
