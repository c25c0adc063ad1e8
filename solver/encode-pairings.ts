/**
 * Employee pairings (`employees[].requiredPairings`, `preferredPairings`, `unpreferredPairings`,
 * `prohibitedPairings`) and daily shift pairings (contracts' `dailyShiftPairingRules`) -> the pairing buffer of the
 * core (format: assembly/constraints/pairings.ts, loaded with `loadPairings` after the problem). An input without
 * either gives an empty buffer, and the core skips the constraints entirely.
 *
 * Semantics decided here (the README's "Pairings" subsection repeats them):
 *   - partners of a pairing: `pairedEmployee`, and every other employee carrying all of `includeEmployeeWithTags`;
 *     never the employee itself. `groupByEmployeeTag` (a tag type, or a tag standing for its type) keeps only the
 *     partners sharing a tag of that type with the employee; an employee without such a tag has no such pairing.
 *   - `onlyForShiftTags` (at least one of them) filters both the employee's shift and the partner's.
 *   - `commonTagType`: REQUIRED pairings score concurrent pairs not sharing a tag of that type as "Paired employees
 *     don't work shifts with common tags" (hard); for the other kinds only pairs sharing such a tag are paired.
 *   - daily shift pairing rules: `shiftTags` / `pairedShiftTags` with `shiftTagMatches` (default ALL; none = every
 *     shift), `dayOffset` (default 0) between local start days in the employee's time zone, satisfiability default
 *     REQUIRED; a shift is never its own pair.
 */
import type { ModelInput } from "../schemas/model-input";
import type { EmployeePairing } from "../schemas/contract-rules";
import { TimeZoneRule, MINUTES_IN_DAY } from "./time";

export type PairingKind = "REQUIRED" | "PREFERRED" | "UNPREFERRED" | "PROHIBITED";

/** The employee field of each pairing kind. */
export const PAIRING_FIELDS = {
  REQUIRED: "requiredPairings",
  PREFERRED: "preferredPairings",
  UNPREFERRED: "unpreferredPairings",
  PROHIBITED: "prohibitedPairings",
} as const satisfies Record<PairingKind, string>;

/** Constraint ids (assembly/constraints/pairings.ts). */
export const PAIRING_CONSTRAINT: Record<PairingKind, number> = { REQUIRED: 57, PROHIBITED: 58, UNPREFERRED: 59, PREFERRED: 60 };
export const COMMON_TAGS_CONSTRAINT = 61;
export const DAILY_CONSTRAINT: Record<PairingKind, number> = { REQUIRED: 62, PROHIBITED: 63, UNPREFERRED: 64, PREFERRED: 65 };
export const PAIRING_CONSTRAINT_FIRST = 57;
export const PAIRING_CONSTRAINT_END = 66;

// Mirrors assembly/constraints/pairings.ts.
export const PAIRING_FORMAT = 0x50414952;
const PR_WORDS = 5;
const DR_WORDS = 4;
const MAX_OFFSET_DAYS = 3660;

export interface PairingRuleInfo {
  /** Employee index of the owner. */
  employee: number;
  kind: PairingKind;
  /** The pairing as given. */
  pairing: EmployeePairing;
  /** Partner employee indices. */
  partners: number[];
}

export interface DailyRuleInfo {
  contractId: string;
  ruleId: string;
  satisfiability: PairingKind;
  dayOffset: number;
}

export interface EncodedPairings {
  /** The core's pairing buffer; empty when the input has no pairings. */
  buffer: Int32Array;
  /** Index = the rule index of a pairing match record. */
  rules: PairingRuleInfo[];
  daily: DailyRuleInfo[];
}

interface TagFilterIn {
  includeShiftTags?: string[] | null;
  excludeShiftTags?: string[] | null;
  shiftTagMatches?: "ANY" | "ALL" | null;
}

const KINDS: PairingKind[] = ["REQUIRED", "PREFERRED", "UNPREFERRED", "PROHIBITED"];

export function hasPairings(input: ModelInput): boolean {
  for (const e of input.employees) for (const k of KINDS) if ((e[PAIRING_FIELDS[k]]?.length ?? 0) > 0) return true;
  for (const c of input.contracts ?? []) if ((c.dailyShiftPairingRules?.length ?? 0) > 0) return true;
  return false;
}

const arrayOf = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/**
 * `tagIds` is the problem's tag table (index = tag index); it may still grow while filters are made here, and is
 * read at the end.
 */
export function encodePairings(
  input: ModelInput,
  times: { start: Int32Array; startOffset: Int32Array },
  employeeIndex: ReadonlyMap<string, number>,
  filterOf: (f: TagFilterIn) => number,
  tagIds: readonly string[],
): EncodedPairings {
  if (!hasPairings(input)) return { buffer: new Int32Array(0), rules: [], daily: [] };
  const employees = input.employees;
  const E = employees.length, S = input.shifts.length;
  const first = (i: number) => employeeIndex.get(employees[i].id) === i;

  // Tag types: declared ones first; a commonTagType nobody declared gets an index no tag carries.
  const typeIndex = new Map<string, number>();
  const typeOf = (name: string) => {
    let t = typeIndex.get(name);
    if (t === undefined) typeIndex.set(name, (t = typeIndex.size));
    return t;
  };
  for (const t of input.tagTypes ?? []) typeOf(t.id);
  const tagTypeName = new Map<string, string>();
  for (const t of input.tags ?? []) {
    tagTypeName.set(t.id, t.tagType);
    typeOf(t.tagType);
  }
  const employeeTags = employees.map((e) => new Set(arrayOf<string>(e.tags)));
  /** groupByEmployeeTag: a declared tag type, or a tag standing for its type. */
  const groupType = (name: string): string | undefined =>
    (input.tagTypes ?? []).some((t) => t.id === name) ? name : tagTypeName.get(name);

  // ---- employee pairings ----
  const rules: PairingRuleInfo[] = [];
  const ruleWords: number[] = [];
  const partnerWords: number[] = [];
  const ruleLists: number[][] = employees.map(() => []);
  const watcherSets: Set<number>[] = employees.map(() => new Set());
  employees.forEach((employee, i) => {
    if (!first(i)) return;
    for (const kind of KINDS) {
      for (const pairing of arrayOf<EmployeePairing>(employee[PAIRING_FIELDS[kind]])) {
        if (pairing == null || typeof pairing !== "object") continue;
        const set = new Set<number>();
        if (typeof pairing.pairedEmployee === "string") {
          const j = employeeIndex.get(pairing.pairedEmployee);
          if (j !== undefined && j !== i) set.add(j);
        }
        const include = arrayOf<string>(pairing.includeEmployeeWithTags);
        if (include.length > 0) {
          employees.forEach((_, j) => {
            if (j !== i && first(j) && include.every((t) => employeeTags[j].has(t))) set.add(j);
          });
        }
        const group = typeof pairing.groupByEmployeeTag === "string" ? groupType(pairing.groupByEmployeeTag) : undefined;
        if (group !== undefined) {
          const mine = [...employeeTags[i]].filter((t) => tagTypeName.get(t) === group);
          if (mine.length === 0) continue;
          for (const j of [...set]) if (!mine.some((t) => employeeTags[j].has(t))) set.delete(j);
        }
        const partners = [...set].sort((a, b) => a - b);
        if (partners.length === 0 && kind !== "REQUIRED") continue;
        const only = arrayOf<string>(pairing.onlyForShiftTags);
        const filter = only.length > 0 ? filterOf({ includeShiftTags: only, shiftTagMatches: "ANY" }) : -1;
        const common = typeof pairing.commonTagType === "string" ? typeOf(pairing.commonTagType) : -1;
        ruleLists[i].push(rules.length);
        ruleWords.push(PAIRING_CONSTRAINT[kind], filter, common, partnerWords.length, partnerWords.length + partners.length);
        partnerWords.push(...partners);
        for (const p of partners) watcherSets[p].add(i);
        rules.push({ employee: i, kind, pairing, partners });
      }
    }
  });

  // ---- daily shift pairing rules (per contract, compiled once) ----
  const daily: DailyRuleInfo[] = [];
  const dailyWords: number[] = [];
  const byContract = new Map<string, number[]>();
  let maxOffset = 0;
  for (const contract of input.contracts ?? []) {
    if (byContract.has(contract.id)) continue;
    const list: number[] = [];
    for (const rule of arrayOf<NonNullable<typeof contract.dailyShiftPairingRules>[number]>(contract.dailyShiftPairingRules)) {
      if (rule == null || typeof rule !== "object") continue;
      const sat = (KINDS as string[]).includes(rule.satisfiability as string) ? (rule.satisfiability as PairingKind) : "REQUIRED";
      const offset = Math.max(-MAX_OFFSET_DAYS, Math.min(MAX_OFFSET_DAYS, Math.trunc(Number(rule.dayOffset ?? 0)) || 0));
      maxOffset = Math.max(maxOffset, Math.abs(offset));
      list.push(daily.length);
      dailyWords.push(
        DAILY_CONSTRAINT[sat],
        filterOf({ includeShiftTags: arrayOf<string>(rule.shiftTags), shiftTagMatches: rule.shiftTagMatches }),
        filterOf({ includeShiftTags: arrayOf<string>(rule.pairedShiftTags), shiftTagMatches: rule.shiftTagMatches }),
        offset,
      );
      daily.push({ contractId: contract.id, ruleId: String(rule.id), satisfiability: sat, dayOffset: offset });
    }
    byContract.set(contract.id, list);
  }
  const dailyLists: number[][] = employees.map(() => []);
  const employeeGroup = new Int32Array(E).fill(-1);
  const zones: TimeZoneRule[] = [];
  const zoneIndex = new Map<string, number>();
  employees.forEach((employee, i) => {
    if (!first(i)) return;
    const seen = new Set<number>();
    for (const id of arrayOf<string>(employee.contracts)) for (const r of byContract.get(id) ?? []) seen.add(r);
    if (seen.size === 0) return;
    dailyLists[i] = [...seen];
    const zone = TimeZoneRule.of(employee.timeZoneId, employee.zoneOffset);
    let g = zoneIndex.get(zone.key);
    if (g === undefined) {
      zoneIndex.set(zone.key, (g = zones.length));
      zones.push(zone);
    }
    employeeGroup[i] = g;
  });
  const groupDay = new Int32Array(zones.length * S);
  zones.forEach((zone, g) => {
    for (let s = 0; s < S; s++) {
      const start = times.start[s];
      groupDay[g * S + s] = Math.floor((start + zone.offsetAt(start, times.startOffset[s])) / MINUTES_IN_DAY);
    }
  });

  if (rules.length === 0 && dailyLists.every((l) => l.length === 0)) return { buffer: new Int32Array(0), rules, daily };

  const csr = (lists: Iterable<number>[]): [number[], number[]] => {
    const off = [0], data: number[] = [];
    for (const l of lists) {
      for (const v of [...l].sort((a, b) => a - b)) data.push(v);
      off.push(data.length);
    }
    return [off, data];
  };
  const [ruleOff, ruleIndex] = csr(ruleLists);
  const [watcherOff, watchers] = csr(watcherSets);
  const [dailyOff, dailyIndex] = csr(dailyLists);
  const tagType = tagIds.map((t) => {
    const type = tagTypeName.get(t);
    return type === undefined ? -1 : typeOf(type);
  });
  const parts: ArrayLike<number>[] = [ruleWords, partnerWords, ruleOff, ruleIndex, watcherOff, watchers, tagType, dailyWords, dailyOff, dailyIndex, employeeGroup, groupDay];
  const header = [PAIRING_FORMAT, E, S, tagIds.length, ruleWords.length / PR_WORDS, dailyWords.length / DR_WORDS, zones.length, maxOffset];
  const total = header.length + parts.reduce((n, p) => n + 1 + p.length, 0);
  const buffer = new Int32Array(total);
  buffer.set(header, 0);
  let at = header.length;
  for (const p of parts) {
    buffer[at++] = p.length;
    buffer.set(p, at);
    at += p.length;
  }
  return { buffer, rules, daily };
}
