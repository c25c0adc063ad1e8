/**
 * The shared state of one encoding (encode.ts `encodeProblem`): interners of skill, tag and risk factor ids, the
 * employee index, the deduplicated tag filters, the shifts' times and flags, and the sections, counts and fields the
 * families (solver/families/*) write. Each family's `encode` reads what it needs and writes its own parts; the order
 * of the families (families/index.ts) fixes the order ids are interned, so an encoding stays deterministic.
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodedProblem } from "./encode";
import { historicShifts, shiftAssignmentWeights, workedMinutes } from "./encode";
import type { SectionName } from "./layout";
import { SHIFT_HISTORIC, SHIFT_MANDATORY, SHIFT_PINNED } from "./layout";
import { parseTimestamp } from "./time";
import { shiftTagSets } from "./shift-tag-sets";

/** Dense indices of ids, in first-seen order. */
export class Interner {
  readonly ids: string[] = [];
  private readonly index = new Map<string, number>();
  of(id: string): number {
    let k = this.index.get(id);
    if (k === undefined) {
      k = this.ids.length;
      this.index.set(id, k);
      this.ids.push(id);
    }
    return k;
  }
}

/** CSR builder: rows of words. */
export class Rows {
  readonly offsets: number[] = [0];
  readonly data: number[] = [];
  push(row: readonly number[]): void {
    for (let i = 0; i < row.length; i++) this.data.push(row[i]);
    this.offsets.push(this.data.length);
  }
}

export const NONE: readonly number[] = [];

export function uniqueSorted(values: number[]): number[] {
  if (values.length <= 1) return values;
  return [...new Set(values)].sort((a, b) => a - b);
}

/** A map's own value under a user-given key (an employee or tag type id such as "constructor" must not find Object's). */
export function ownValue<T>(map: Record<string, T> | undefined | null, key: string): T | undefined {
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Rules inside contracts and global rules are loosely validated: anything but an array reads as none. */
export function arrayOf<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

export interface TagFilter {
  includeShiftTags?: string[] | null;
  excludeShiftTags?: string[] | null;
  shiftTagMatches?: "ANY" | "ALL" | null;
}

/** Minutes since the epoch, minutes worked and UTC offsets of every shift (input order). */
export interface ShiftTimes {
  start: Int32Array;
  end: Int32Array;
  worked: Int32Array;
  /** Offsets written in each shift's start and end timestamps (minutes east of UTC). */
  startOffset: Int32Array;
  endOffset: Int32Array;
}

/** The fields of EncodedProblem the families fill. */
export type FamilyFields = Pick<EncodedProblem, "balanceRules" | "contractRules" | "zones" | "cost" | "pairings" | "demand">;

export class EncodeContext {
  readonly S: number;
  readonly E: number;
  readonly skills = new Interner();
  readonly tags = new Interner();
  readonly risks = new Interner();
  /** Employee id -> index of its first occurrence. */
  readonly employeeIndex = new Map<string, number>();
  readonly times: ShiftTimes;
  /** Penalty of leaving each shift unassigned (priority weight). */
  readonly shiftWeight: Int32Array;
  readonly shiftFlags: Int32Array;
  readonly shiftPinned: Int32Array;
  readonly shiftMandatory: Int32Array;
  readonly shiftHistoric: Int32Array;
  readonly shiftEmployee: Int32Array;
  /** Every section but the shared ones (shift times and flags, filters), written by the families. */
  readonly sections: Partial<Record<SectionName, Int32Array>> = {};
  /** Header counts written by the families. */
  readonly counts: Partial<EncodedProblem["counts"]> = {};
  readonly fields: Partial<FamilyFields> = {};
  readonly filterRows = new Rows();
  private readonly filterIndex = new Map<string, number>();
  private readonly tagType = new Map<string, string>();
  private tagSetsMemo: ReadonlySet<string>[] | undefined;

  constructor(readonly input: ModelInput) {
    const shifts = input.shifts;
    const S = (this.S = shifts.length);
    this.E = input.employees.length;
    input.employees.forEach((e, i) => {
      if (!this.employeeIndex.has(e.id)) this.employeeIndex.set(e.id, i);
    });
    // Tag types: declared tags carry one; undeclared tags share the untyped type "" (so an employee's undeclared
    // required tags are alternatives, like tags of one declared type).
    for (const t of input.tags ?? []) this.tagType.set(t.id, t.tagType);

    this.times = { start: new Int32Array(S), end: new Int32Array(S), worked: new Int32Array(S), startOffset: new Int32Array(S), endOffset: new Int32Array(S) };
    this.shiftWeight = new Int32Array(S);
    this.shiftFlags = new Int32Array(S);
    this.shiftPinned = new Int32Array(S);
    this.shiftMandatory = new Int32Array(S);
    this.shiftHistoric = new Int32Array(S);
    this.shiftEmployee = new Int32Array(S);
    const { start: shiftStart, end: shiftEnd, worked: shiftWorked, startOffset, endOffset } = this.times;
    const weights = shiftAssignmentWeights(input);
    const historic = historicShifts(input);
    shifts.forEach((s, i) => {
      const start = parseTimestamp(s.start), end = parseTimestamp(s.end);
      shiftStart[i] = start.minute;
      shiftEnd[i] = Math.max(start.minute, end.minute);
      startOffset[i] = start.offset;
      endOffset[i] = end.offset;
      shiftWorked[i] = s.breaks && s.breaks.length > 0 ? workedMinutes(s) : shiftEnd[i] - shiftStart[i];
      this.shiftWeight[i] = weights[i].weight;
      this.shiftMandatory[i] = weights[i].mandatory ? 1 : 0;
      this.shiftHistoric[i] = historic[i] ? 1 : 0;
      const employee = s.employee == null ? undefined : this.employeeIndex.get(s.employee);
      this.shiftEmployee[i] = employee ?? -1;
      // A shift naming an unknown employee is unassigned and movable, whatever its pinned flag says.
      const pinned = s.pinned === true && !(s.employee != null && employee === undefined);
      this.shiftPinned[i] = pinned || historic[i] ? 1 : 0;
      this.shiftFlags[i] = (pinned ? SHIFT_PINNED : 0) | (weights[i].mandatory ? SHIFT_MANDATORY : 0) | (historic[i] ? SHIFT_HISTORIC : 0);
    });
  }

  /** Sorted indices of the known employees among `ids`. */
  employeesOf(ids: string[] | undefined): readonly number[] {
    return ids === undefined || ids.length === 0
      ? NONE
      : uniqueSorted(ids.map((id) => this.employeeIndex.get(id)).filter((i): i is number => i !== undefined));
  }

  typeOf(tag: string): string {
    return this.tagType.get(tag) ?? "";
  }

  /** Index of a tag filter (FILTER_DATA row, deduplicated by content), or -1 when it filters nothing. */
  readonly filterOf = (f: TagFilter): number => {
    const inc = uniqueSorted((Array.isArray(f.includeShiftTags) ? f.includeShiftTags : []).map((t) => this.tags.of(t)));
    const exc = uniqueSorted((Array.isArray(f.excludeShiftTags) ? f.excludeShiftTags : []).map((t) => this.tags.of(t)));
    if (inc.length === 0 && exc.length === 0) return -1;
    const row = [f.shiftTagMatches === "ANY" ? 1 : 0, inc.length, exc.length, ...inc, ...exc];
    const key = row.join(",");
    let k = this.filterIndex.get(key);
    if (k === undefined) {
      k = this.filterIndex.size;
      this.filterIndex.set(key, k);
      this.filterRows.push(row);
    }
    return k;
  };

  get filterCount(): number {
    return this.filterIndex.size;
  }

  /** Tag sets of the shifts (built once; shift-tag-sets.ts). */
  shiftTagSets(): ReadonlySet<string>[] {
    return (this.tagSetsMemo ??= shiftTagSets(this.input.shifts));
  }
}
