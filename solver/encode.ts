/**
 * ModelInput (wire) -> EncodedProblem (typed arrays in the Wasm layout, assembly/layout.ts). Everything the core
 * needs is decided here: ids become dense indices, times become minutes since the epoch, priorities become weights,
 * skill and tag requirements become expression programs, tag filters of rules are resolved to per-shift and
 * per-employee rows. Deterministic: the same input always gives the same arrays.
 *
 * Semantics decided here (the reference leaves them open; each is documented where it is applied):
 *   - planning window (spec §2.6): a shift ending at or before `planningWindow.start` is historic: it keeps its
 *     employee, counts for balance rules and overlaps with planned shifts, and its own matches are skipped.
 *   - unassigned weight: `globalRules.unassignedShiftRule.priorityWeights` when it names the shift's priority (its
 *     `assignment` decides MANDATORY / OPTIONAL); otherwise 11 - priority, mandatory. No priority counts as "1";
 *     the deprecated `assignmentPriority` a (1..5) counts as priority 2a - 1.
 *   - employee priority multiplier (of the employee's own preferences): 11 - priority; the deprecated levels map
 *     CRITICAL 1, HIGH 4, NORMAL 7, LOW 10; no priority counts as the lowest, 10 (multiplier 1).
 *   - shift tag match rules: see `requiredTagProgram` and `preferredTagProgram`.
 */
import type { ModelInput } from "../schemas/model-input";
import {
  LAYOUT_VERSION, HEADER_WORDS, H_VERSION, H_SHIFTS, H_EMPLOYEES, H_SKILLS, H_TAGS, H_RISKS, H_BALANCE_RULES,
  H_OVERLAP_GROUPS, H_FILTERS, H_SECTIONS, H_RULES, H_TZ_GROUPS, H_MINUTE_ROWS, SECTIONS, type SectionName, SPAN_WORDS, SHIFT_PINNED, SHIFT_MANDATORY,
  SHIFT_HISTORIC, EMPLOYEE_HAS_AVAILABILITY, OP_LEAF, OP_AND, OP_OR, OP_SUM, BALANCE_TIME, BALANCE_COUNT,
} from "./layout";
import { encodeContracts, encodeDisruption, type CompiledRule, type EncodedContracts } from "./encode-contracts";
import { encodeCost, type CostInfo } from "./encode-cost";
import { encodePairings, type EncodedPairings } from "./encode-pairings";
import { parseTimestamp, toMinutes } from "./time";
import { encodeDemand, type EncodedDemand } from "./encode-demand";
import { isGeneratedShift, withGeneratedShifts } from "./shift-generation";

export { toMinutes };

type Shift = ModelInput["shifts"][number];
type Employee = ModelInput["employees"][number];

export interface BalanceRuleInfo {
  id: string;
  kind: "TIME" | "COUNT";
}

export interface EncodedProblem {
  /** Input order; index i of every shift array is shiftIds[i]. */
  shiftIds: string[];
  employeeIds: string[];
  /** Every skill mentioned by an employee or a shift, first-seen order. */
  skillIds: string[];
  tagIds: string[];
  riskIds: string[];
  /** Minutes since the Unix epoch (floored); shiftEnd >= shiftStart. */
  shiftStart: Int32Array;
  shiftEnd: Int32Array;
  /** Minutes worked: duration minus breaks. */
  shiftWorked: Int32Array;
  /** Penalty when left unassigned (priority weight). */
  shiftWeight: Int32Array;
  /** 1 when the shift never moves (pinned with a known or no employee, or historic). */
  shiftPinned: Int32Array;
  /** 1 when mandatory (unassigned costs medium), 0 when optional (soft). */
  shiftMandatory: Int32Array;
  /** 1 when the shift ends before the planning window. */
  shiftHistoric: Int32Array;
  /** Initial employee index, -1 when none or unknown. */
  shiftEmployee: Int32Array;
  balanceRules: BalanceRuleInfo[];
  /** Every section of the problem buffer, by name. */
  sections: Record<SectionName, Int32Array>;
  counts: {
    skills: number;
    tags: number;
    risks: number;
    balanceRules: number;
    overlapGroups: number;
    filters: number;
    rules: number;
    tzGroups: number;
    minuteRows: number;
  };
  /** The compiled contract rules (encode-contracts.ts), in core order, for explanations and metrics. */
  contractRules: CompiledRule[];
  /** Time zone groups of the contract rules (index = SEC_EMPLOYEE_TZ value). */
  zones: EncodedContracts["zones"];
  /** Costs rules and activation ratio groups as encoded (encode-cost.ts), for explanations. */
  cost: CostInfo;
  /** Employee and daily shift pairings (encode-pairings.ts): the core's pairing buffer and the rules behind it. */
  pairings: EncodedPairings;
  /** The input this was encoded from (read by explanations; never mutated), with generated demand shifts appended. */
  input: ModelInput;
  /** Hourly demand rules (encode-demand.ts); undefined without any. */
  demand?: EncodedDemand;
}

/** Missing priority is treated as the highest, "1": an unprioritised shift is ordinarily a mandatory one. */
export function priorityWeight(priority: string | null | undefined): number {
  const p = priority == null ? 1 : Number(priority);
  return Number.isInteger(p) && p >= 1 && p <= 10 ? 11 - p : 10;
}

/** The shift's priority as a string, the deprecated `assignmentPriority` a (1..5) read as 2a - 1. */
export function shiftPriority(shift: Shift): string {
  if (shift.priority != null) return shift.priority;
  if (shift.assignmentPriority != null) return String(2 * shift.assignmentPriority - 1);
  return "1";
}

const LEGACY_PRIORITY: Record<string, number> = { CRITICAL: 1, HIGH: 4, NORMAL: 7, LOW: 10 };

/** Multiplier of an employee's own preferences: 11 - priority (see the module header). */
export function employeePriorityMultiplier(priority: string | null | undefined): number {
  if (priority == null) return 1;
  const p = LEGACY_PRIORITY[priority] ?? Number(priority);
  return Number.isInteger(p) && p >= 1 && p <= 10 ? 11 - p : 1;
}

/** Employees using a deprecated priority level (spec §9): the API warns about them. */
export function deprecatedPriorityEmployees(input: ModelInput): string[] {
  return input.employees.filter((e) => e.priority != null && e.priority in LEGACY_PRIORITY).map((e) => e.id);
}

// ---- loose parts of the input (global rules, contracts) -------------------------------------------------------

interface TagFilter {
  includeShiftTags?: string[];
  excludeShiftTags?: string[];
  shiftTagMatches?: "ANY" | "ALL";
}
interface PriorityWeight {
  priority: string;
  weight: number;
  assignment?: "MANDATORY" | "OPTIONAL";
}
interface ShiftTagMatchRule {
  id: string;
  satisfiability?: "REQUIRED" | "PREFERRED";
  tagTypeMatchMultipliers?: Record<string, number>;
}
interface BalanceRule extends TagFilter {
  id: string;
  includeEmployeeTags?: string[];
  excludeEmployeeTags?: string[];
  employeeTagMatches?: "ANY" | "ALL";
  employeeToPublishedMinutesWorked?: Record<string, number>;
  employeeToPublishedShiftCount?: Record<string, number>;
}
interface GlobalRules {
  shiftTagMatchRules?: ShiftTagMatchRule[];
  unassignedShiftRule?: { id: string; priorityWeights?: PriorityWeight[] };
  balanceTimeWorkedRules?: BalanceRule[];
  balanceShiftCountRules?: BalanceRule[];
}
interface Expression {
  type?: string;
  operator?: string;
  operands?: unknown[];
  skillId?: string;
  tagId?: string;
}

export function globalRulesOf(input: ModelInput): GlobalRules {
  return (input.globalRules ?? {}) as GlobalRules;
}

/** A map's own value under a user-given key (an employee or tag type id such as "constructor" must not find Object's). */
function ownValue<T>(map: Record<string, T> | undefined, key: string): T | undefined {
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}

function arrayOf<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

export function shiftTagMatchRules(input: ModelInput): { required: ShiftTagMatchRule[]; preferred: ShiftTagMatchRule[] } {
  const rules = arrayOf<ShiftTagMatchRule>(globalRulesOf(input).shiftTagMatchRules);
  return {
    required: rules.filter((r) => (r.satisfiability ?? "REQUIRED") === "REQUIRED"),
    preferred: rules.filter((r) => r.satisfiability === "PREFERRED"),
  };
}

function hasRequiredTags(e: Employee): boolean {
  return (e.requiredShiftTags?.length ?? 0) > 0 || e.requiredShiftTagsExpression != null;
}
function hasPreferredTags(e: Employee): boolean {
  return (e.preferredShiftTags?.length ?? 0) > 0 || e.preferredShiftTagsExpression != null;
}

/**
 * Employees whose shift tags are ignored because no shift tag match rule of the matching satisfiability exists
 * (required tags without a REQUIRED rule, preferred tags without a PREFERRED rule): the API emits the warning
 * EMPLOYEE_REQUIRED_TAGS_IGNORED for each (spec §7).
 */
export function tagRulesIgnored(input: ModelInput): string[] {
  const { required, preferred } = shiftTagMatchRules(input);
  return input.employees
    .filter((e) => (hasRequiredTags(e) && required.length === 0) || (hasPreferredTags(e) && preferred.length === 0))
    .map((e) => e.id);
}

/** Reference `TagAwareDateTimeSpan` / rule filter semantics over a set of tags (mirrors problem.ts filterMatches). */
export function tagsMatch(
  tags: ReadonlySet<string>,
  include: readonly string[] | undefined,
  exclude: readonly string[] | undefined,
  matches: "ANY" | "ALL" | undefined,
): boolean {
  const any = matches === "ANY";
  // Rules inside contracts and global rules are loosely validated: anything but an array reads as no filter.
  if (!Array.isArray(include)) include = undefined;
  if (!Array.isArray(exclude)) exclude = undefined;
  if (include && include.length > 0) {
    const hits = include.filter((t) => tags.has(t)).length;
    if (any ? hits === 0 : hits < include.length) return false;
  }
  if (exclude && exclude.length > 0) {
    const hits = exclude.filter((t) => tags.has(t)).length;
    if (any ? hits > 0 : hits === exclude.length) return false;
  }
  return true;
}

/** Minutes of [start, end) minus the breaks inside it (spec §2.6: breaks do not count as worked time). */
export function workedMinutes(shift: Shift): number {
  const start = toMinutes(shift.start);
  const end = Math.max(start, toMinutes(shift.end));
  let minutes = end - start;
  for (const b of shift.breaks ?? []) {
    minutes -= Math.max(0, Math.min(end, toMinutes(b.end)) - Math.max(start, toMinutes(b.start)));
  }
  return Math.max(0, minutes);
}

/** Mandatory flag and unassigned weight of every shift (see the module header). */
export function shiftAssignmentWeights(input: ModelInput): { weight: number; mandatory: boolean }[] {
  const rule = globalRulesOf(input).unassignedShiftRule;
  const byPriority = new Map(arrayOf<PriorityWeight>(rule?.priorityWeights).map((p) => [String(p.priority), p]));
  return input.shifts.map((s) => {
    // Generated demand shifts (shift-generation.ts) are optional and free when unassigned: demand decides.
    if (isGeneratedShift(s)) return { weight: 0, mandatory: false };
    const priority = shiftPriority(s);
    const entry = byPriority.get(priority);
    if (entry) return { weight: Math.max(0, Math.floor(Number(entry.weight) || 0)), mandatory: entry.assignment !== "OPTIONAL" };
    return { weight: priorityWeight(priority), mandatory: true };
  });
}

/** Index of each shift that ends at or before the planning window's start (historic), per spec §2.6. */
export function historicShifts(input: ModelInput): boolean[] {
  const start = input.planningWindow?.start;
  if (!start) return input.shifts.map(() => false);
  const window = toMinutes(start);
  return input.shifts.map((s) => Math.max(toMinutes(s.start), toMinutes(s.end)) <= window);
}

// ---- encoding -----------------------------------------------------------------------------------------------------

class Interner {
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
class Rows {
  readonly offsets: number[] = [0];
  readonly data: number[] = [];
  push(row: readonly number[]): void {
    for (let i = 0; i < row.length; i++) this.data.push(row[i]);
    this.offsets.push(this.data.length);
  }
}

const NONE: readonly number[] = [];
function uniqueSorted(values: number[]): number[] {
  if (values.length <= 1) return values;
  return [...new Set(values)].sort((a, b) => a - b);
}

/** AND/OR expression (reference `SkillOperandNode` / `ShiftTagOperandNode`) to program words; null when empty. */
function compileExpression(node: unknown, leafId: (leaf: Expression) => number | undefined, weight: (id: number) => number): number[] | null {
  if (node == null || typeof node !== "object") return null;
  const n = node as Expression;
  if (n.type === "LEAF" || n.skillId !== undefined || n.tagId !== undefined) {
    const id = leafId(n);
    return id === undefined ? null : [OP_LEAF, id, weight(id)];
  }
  const children = arrayOf<unknown>(n.operands)
    .map((c) => compileExpression(c, leafId, weight))
    .filter((c): c is number[] => c !== null);
  if (children.length === 0) return null;
  if (children.length === 1) return children[0];
  return [n.operator === "OR" ? OP_OR : OP_AND, children.length, ...children.flat()];
}

function node(op: number, parts: number[][]): number[] {
  if (parts.length === 0) return [];
  if (parts.length === 1 && op !== OP_SUM) return parts[0];
  return [op, parts.length, ...parts.flat()];
}

function leaves(ids: number[], op: number, weight: (id: number) => number = () => 1): number[] {
  return node(op, uniqueSorted(ids).map((id) => [OP_LEAF, id, weight(id)]));
}

interface SpanIn {
  start: string;
  end: string;
  includeShiftTags?: string[];
  excludeShiftTags?: string[];
  shiftTagMatches?: "ANY" | "ALL";
  weight?: number;
}

export function encodeProblem(input: ModelInput): EncodedProblem {
  input = withGeneratedShifts(input);
  const skills = new Interner();
  const tags = new Interner();
  const risks = new Interner();
  const employees = input.employees;
  const shifts = input.shifts;
  const S = shifts.length;
  const E = employees.length;
  const employeeIndex = new Map<string, number>();
  employees.forEach((e, i) => {
    if (!employeeIndex.has(e.id)) employeeIndex.set(e.id, i);
  });
  const employeesOf = (ids: string[] | undefined): readonly number[] =>
    ids === undefined || ids.length === 0
      ? NONE
      : uniqueSorted(ids.map((id) => employeeIndex.get(id)).filter((i): i is number => i !== undefined));

  // Tag types: declared tags carry one; undeclared tags share the untyped type "" (so an employee's undeclared
  // required tags are alternatives, like tags of one declared type).
  const tagType = new Map<string, string>();
  for (const t of input.tags ?? []) tagType.set(t.id, t.tagType);
  const typeOf = (tag: string) => tagType.get(tag) ?? "";

  // Filters (deduplicated by content).
  const filterIndex = new Map<string, number>();
  const filterRows = new Rows();
  const filterOf = (f: { includeShiftTags?: string[] | null; excludeShiftTags?: string[] | null; shiftTagMatches?: "ANY" | "ALL" | null }): number => {
    const inc = uniqueSorted((Array.isArray(f.includeShiftTags) ? f.includeShiftTags : []).map((t) => tags.of(t)));
    const exc = uniqueSorted((Array.isArray(f.excludeShiftTags) ? f.excludeShiftTags : []).map((t) => tags.of(t)));
    if (inc.length === 0 && exc.length === 0) return -1;
    const row = [f.shiftTagMatches === "ANY" ? 1 : 0, inc.length, exc.length, ...inc, ...exc];
    const key = row.join(",");
    let k = filterIndex.get(key);
    if (k === undefined) {
      k = filterIndex.size;
      filterIndex.set(key, k);
      filterRows.push(row);
    }
    return k;
  };

  // ---- shifts ----
  const shiftStart = new Int32Array(S);
  const shiftEnd = new Int32Array(S);
  const shiftWorked = new Int32Array(S);
  const shiftWeight = new Int32Array(S);
  const shiftFlags = new Int32Array(S);
  const shiftPinned = new Int32Array(S);
  const shiftMandatory = new Int32Array(S);
  const shiftHistoric = new Int32Array(S);
  const shiftEmployee = new Int32Array(S);
  const startOffset = new Int32Array(S);
  const endOffset = new Int32Array(S);
  const required = new Rows();
  const preferredSk = new Rows();
  const shiftRisks = new Rows();
  const shiftTags = new Rows();
  const prohibited = new Rows();
  const preferredEmp = new Rows();
  const unpreferredEmp = new Rows();
  const weights = shiftAssignmentWeights(input);
  const historic = historicShifts(input);
  const skillLeaf = (n: Expression) => (typeof n.skillId === "string" ? skills.of(n.skillId) : undefined);
  const one = () => 1;
  shifts.forEach((s, i) => {
    const start = parseTimestamp(s.start), end = parseTimestamp(s.end);
    shiftStart[i] = start.minute;
    shiftEnd[i] = Math.max(start.minute, end.minute);
    startOffset[i] = start.offset;
    endOffset[i] = end.offset;
    shiftWorked[i] = s.breaks && s.breaks.length > 0 ? workedMinutes(s) : shiftEnd[i] - shiftStart[i];
    shiftWeight[i] = weights[i].weight;
    shiftMandatory[i] = weights[i].mandatory ? 1 : 0;
    shiftHistoric[i] = historic[i] ? 1 : 0;
    const employee = s.employee == null ? undefined : employeeIndex.get(s.employee);
    shiftEmployee[i] = employee ?? -1;
    // A shift naming an unknown employee is unassigned and movable, whatever its pinned flag says.
    const pinned = s.pinned === true && !(s.employee != null && employee === undefined);
    shiftPinned[i] = pinned || historic[i] ? 1 : 0;
    shiftFlags[i] = (pinned ? SHIFT_PINNED : 0) | (weights[i].mandatory ? SHIFT_MANDATORY : 0) | (historic[i] ? SHIFT_HISTORIC : 0);

    if (s.requiredSkillsExpression == null && (s.requiredSkills?.length ?? 0) === 1) {
      // The common case, one required skill: a lone leaf, without the general compilation.
      required.push([OP_LEAF, skills.of(s.requiredSkills![0]), 1]);
    } else {
      const reqParts: number[][] = [];
      if ((s.requiredSkills?.length ?? 0) > 0) {
        reqParts.push(leaves(s.requiredSkills!.map((k) => skills.of(k)), s.requiredSkillsMatchKind === "MATCH_ANY" ? OP_OR : OP_AND));
      }
      const reqExpr = compileExpression(s.requiredSkillsExpression, skillLeaf, one);
      if (reqExpr) reqParts.push(reqExpr);
      required.push(node(OP_AND, reqParts));
    }

    if ((s.preferredSkills?.length ?? 0) === 0 && s.preferredSkillsExpression == null) {
      preferredSk.push(NONE);
    } else {
      const prefParts: number[][] = [];
      if ((s.preferredSkills?.length ?? 0) > 0) {
        prefParts.push(leaves(s.preferredSkills!.map((k) => skills.of(k)), s.preferredSkillsMatchKind === "MATCH_ANY" ? OP_OR : OP_AND));
      }
      const prefExpr = compileExpression(s.preferredSkillsExpression, skillLeaf, one);
      if (prefExpr) prefParts.push(prefExpr);
      preferredSk.push(node(OP_AND, prefParts));
    }

    shiftRisks.push(s.riskFactors?.length ? uniqueSorted(s.riskFactors.map((r) => risks.of(r))) : NONE);
    shiftTags.push(s.tags?.length ? uniqueSorted(s.tags.map((t) => tags.of(t))) : NONE);
    prohibited.push(employeesOf(s.prohibitedEmployees));
    preferredEmp.push(employeesOf(s.preferredEmployees));
    unpreferredEmp.push(employeesOf(s.unpreferredEmployees));
  });

  // ---- employees ----
  const employeeSkills = new Rows();
  const validity = new Rows();
  const employeeRisks = new Rows();
  const employeePriority = new Int32Array(E);
  const employeeFlags = new Int32Array(E);
  const spanLists = { unavailable: new Rows(), available: new Rows(), preferred: new Rows(), unpreferred: new Rows() };
  const requiredTags = new Rows();
  const preferredTags = new Rows();
  const { required: requiredRules, preferred: preferredRules } = shiftTagMatchRules(input);
  employees.forEach((e, i) => {
    const bySkill = new Map<number, number[]>();
    let alwaysValid = new Set<number>();
    for (const sk of e.skills ?? []) {
      const k = skills.of(sk.id);
      const spans = sk.validityDateTimeSpans ?? [];
      if (spans.length === 0) alwaysValid.add(k);
      const list = bySkill.get(k) ?? [];
      for (const v of spans) list.push(toMinutes(v.start), toMinutes(v.end));
      bySkill.set(k, list);
    }
    const held = [...bySkill.keys()].sort((a, b) => a - b);
    employeeSkills.push(held);
    // A skill listed once without validity spans is always valid, whatever other entries of it say.
    for (const k of held) validity.push(alwaysValid.has(k) ? [] : bySkill.get(k)!);
    alwaysValid = new Set();
    employeeRisks.push(uniqueSorted((e.prohibitedRiskFactors ?? []).map((r) => risks.of(r))));
    employeePriority[i] = employeePriorityMultiplier(e.priority);
    employeeFlags[i] = (e.availableTimeSpans?.length ?? 0) > 0 ? EMPLOYEE_HAS_AVAILABILITY : 0;
    spanLists.unavailable.push(spanRow(e.unavailableTimeSpans ?? [], filterOf, true));
    spanLists.available.push(spanRow(e.availableTimeSpans ?? [], filterOf, true));
    spanLists.preferred.push(spanRow(e.preferredTimeSpans ?? [], filterOf, false));
    spanLists.unpreferred.push(spanRow(e.unpreferredTimeSpans ?? [], filterOf, false));
    requiredTags.push(requiredRules.length > 0 ? requiredTagProgram(e, requiredRules, tags, typeOf) : []);
    preferredTags.push(preferredRules.length > 0 ? preferredTagProgram(e, preferredRules, tags, typeOf) : []);
  });

  // ---- balance rules ----
  const rules = globalRulesOf(input);
  const balance: { rule: BalanceRule; kind: number }[] = [
    ...arrayOf<BalanceRule>(rules.balanceTimeWorkedRules).map((rule) => ({ rule, kind: BALANCE_TIME })),
    ...arrayOf<BalanceRule>(rules.balanceShiftCountRules).map((rule) => ({ rule, kind: BALANCE_COUNT })),
  ];
  const R = balance.length;
  const balanceRules = new Int32Array(2 * R);
  const balanceMembers = new Int32Array(R * E);
  const balanceHistory = new Int32Array(R * E);
  const balanceShifts = new Int32Array(R * S);
  let tagSetsMemo: Set<string>[] | undefined;
  const shiftTagSets = () => (tagSetsMemo ??= shifts.map((s) => new Set(s.tags ?? [])));
  balance.forEach(({ rule, kind }, r) => {
    balanceRules[2 * r] = kind;
    const history = (kind === BALANCE_TIME ? rule.employeeToPublishedMinutesWorked : rule.employeeToPublishedShiftCount) ?? {};
    employees.forEach((e, i) => {
      if (employeeIndex.get(e.id) !== i) return;
      if (!tagsMatch(new Set(e.tags ?? []), rule.includeEmployeeTags, rule.excludeEmployeeTags, rule.employeeTagMatches)) return;
      balanceMembers[r * E + i] = 1;
      balanceHistory[r * E + i] = Math.max(0, Math.floor(Number(ownValue(history, e.id) ?? 0) || 0));
    });
    shiftTagSets().forEach((set, s) => {
      if (tagsMatch(set, rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) balanceShifts[r * S + s] = 1;
    });
  });

  // ---- allow-overlap groups (contracts' allowOverlappingShiftsRules) ----
  const contracts = new Map((input.contracts ?? []).map((c) => [c.id, c as { allowOverlappingShiftsRules?: TagFilter[] }]));
  const groupIndex = new Map<string, number>();
  const groupRules: TagFilter[][] = [];
  const overlapGroup = new Int32Array(E);
  employees.forEach((e, i) => {
    const ruleList = (e.contracts ?? []).flatMap((id) => arrayOf<TagFilter>(contracts.get(id)?.allowOverlappingShiftsRules));
    if (ruleList.length === 0) return;
    const key = JSON.stringify(ruleList.map((r) => [r.includeShiftTags ?? [], r.excludeShiftTags ?? [], r.shiftTagMatches ?? "ALL"]).sort());
    let g = groupIndex.get(key);
    if (g === undefined) {
      g = groupRules.length + 1;
      groupIndex.set(key, g);
      groupRules.push(ruleList);
    }
    overlapGroup[i] = g;
  });
  const G = groupRules.length;
  const overlapAllowed = new Int32Array(G * S);
  groupRules.forEach((ruleList, g) => {
    shiftTagSets().forEach((set, s) => {
      if (ruleList.some((r) => tagsMatch(set, r.includeShiftTags, r.excludeShiftTags, r.shiftTagMatches))) overlapAllowed[g * S + s] = 1;
    });
  });

  // ---- contract rules (encode-contracts.ts; nothing to do without them) ----
  const times = { start: shiftStart, end: shiftEnd, worked: shiftWorked, startOffset, endOffset };
  const contracted = encodeContracts(input, times, employeeIndex, filterOf);
  const disruption = encodeDisruption(input, times, employeeIndex, filterOf);
  const costed = encodeCost(input, times);
  const pairings = encodePairings(input, times, employeeIndex, filterOf, tags.ids);

  const sections: Record<SectionName, Int32Array> = {
    shiftStart, shiftEnd, shiftWorked, shiftUnassignedWeight: shiftWeight, shiftFlags, shiftEmployee,
    requiredSkillsOff: Int32Array.from(required.offsets), requiredSkills: Int32Array.from(required.data),
    preferredSkillsOff: Int32Array.from(preferredSk.offsets), preferredSkills: Int32Array.from(preferredSk.data),
    shiftRisksOff: Int32Array.from(shiftRisks.offsets), shiftRisks: Int32Array.from(shiftRisks.data),
    shiftTagsOff: Int32Array.from(shiftTags.offsets), shiftTags: Int32Array.from(shiftTags.data),
    prohibitedOff: Int32Array.from(prohibited.offsets), prohibited: Int32Array.from(prohibited.data),
    preferredEmployeesOff: Int32Array.from(preferredEmp.offsets), preferredEmployees: Int32Array.from(preferredEmp.data),
    unpreferredEmployeesOff: Int32Array.from(unpreferredEmp.offsets), unpreferredEmployees: Int32Array.from(unpreferredEmp.data),
    employeeSkillsOff: Int32Array.from(employeeSkills.offsets), employeeSkills: Int32Array.from(employeeSkills.data),
    skillValidityOff: Int32Array.from(validity.offsets, (v) => v / 2), skillValidity: Int32Array.from(validity.data),
    employeeRisksOff: Int32Array.from(employeeRisks.offsets), employeeRisks: Int32Array.from(employeeRisks.data),
    employeePriority,
    unavailableOff: spanOffsets(spanLists.unavailable), unavailable: Int32Array.from(spanLists.unavailable.data),
    availableOff: spanOffsets(spanLists.available), available: Int32Array.from(spanLists.available.data),
    preferredTimeOff: spanOffsets(spanLists.preferred), preferredTime: Int32Array.from(spanLists.preferred.data),
    unpreferredTimeOff: spanOffsets(spanLists.unpreferred), unpreferredTime: Int32Array.from(spanLists.unpreferred.data),
    employeeFlags,
    filtersOff: Int32Array.from(filterRows.offsets), filters: Int32Array.from(filterRows.data),
    requiredTagsOff: Int32Array.from(requiredTags.offsets), requiredTags: Int32Array.from(requiredTags.data),
    preferredTagsOff: Int32Array.from(preferredTags.offsets), preferredTags: Int32Array.from(preferredTags.data),
    balanceRules, balanceMembers, balanceHistory, balanceShifts, overlapGroup, overlapAllowed,
    ...contracted.sections,
    ...disruption,
    cost: costed.section,
  };

  return {
    shiftIds: shifts.map((s) => s.id),
    employeeIds: employees.map((e) => e.id),
    skillIds: skills.ids,
    tagIds: tags.ids,
    riskIds: risks.ids,
    shiftStart,
    shiftEnd,
    shiftWorked,
    shiftWeight,
    shiftPinned,
    shiftMandatory,
    shiftHistoric,
    shiftEmployee,
    balanceRules: balance.map(({ rule, kind }) => ({ id: rule.id, kind: kind === BALANCE_TIME ? "TIME" : "COUNT" })),
    sections,
    counts: {
      skills: skills.ids.length,
      tags: tags.ids.length,
      risks: risks.ids.length,
      balanceRules: R,
      overlapGroups: G,
      filters: filterIndex.size,
      ...contracted.counts,
    },
    contractRules: contracted.rules,
    zones: contracted.zones,
    cost: costed.info,
    pairings,
    input,
    demand: encodeDemand(input, shiftStart, shiftEnd, employeeIndex),
  };
}

function spanOffsets(rows: Rows): Int32Array {
  return Int32Array.from(rows.offsets, (v) => v / SPAN_WORDS);
}

/**
 * One employee's span row, sorted by start: [start, end, weight, filter] per span. With `merge` (hard span lists,
 * whose weight is unused), unfiltered spans that overlap or touch are merged so no minute counts twice.
 */
function spanRow(spans: SpanIn[], filterOf: (f: TagFilter) => number, merge: boolean): readonly number[] {
  if (spans.length === 0) return NONE;
  const items: { start: number; end: number; weight: number; filter: number }[] = [];
  for (const s of spans) {
    const start = toMinutes(s.start), end = toMinutes(s.end);
    if (end <= start) continue;
    const filtered = (s.includeShiftTags?.length ?? 0) > 0 || (s.excludeShiftTags?.length ?? 0) > 0;
    items.push({ start, end, weight: Math.max(1, Math.floor(s.weight ?? 1)), filter: filtered ? filterOf(s) : -1 });
  }
  if (items.length > 1) items.sort((a, b) => a.start - b.start || a.end - b.end || a.filter - b.filter || a.weight - b.weight);
  const out: typeof items = [];
  let lastUnfiltered: (typeof items)[number] | undefined;
  for (const s of items) {
    if (merge && s.filter < 0 && lastUnfiltered && s.start <= lastUnfiltered.end) {
      lastUnfiltered.end = Math.max(lastUnfiltered.end, s.end);
      continue;
    }
    out.push(s);
    if (s.filter < 0) lastUnfiltered = s;
  }
  if (out.length > 1) out.sort((a, b) => a.start - b.start || a.end - b.end || a.filter - b.filter);
  const row: number[] = [];
  for (const s of out) row.push(s.start, s.end, s.weight, s.filter);
  return row;
}

/**
 * Required shift tags of an employee under the REQUIRED shift tag match rules: the tag types the rules cover (the
 * keys of their `tagTypeMatchMultipliers`; every type when a rule has none) each demand one of the employee's
 * required tags of that type (OR within a type, AND across types: "department A or B, and country BE"), AND the
 * `requiredShiftTagsExpression`. Tags of types no rule covers are ignored.
 */
function requiredTagProgram(e: Employee, rules: ShiftTagMatchRule[], tags: Interner, typeOf: (t: string) => string): number[] {
  const covers = (type: string) => rules.some((r) => !r.tagTypeMatchMultipliers || Object.keys(r.tagTypeMatchMultipliers).length === 0 || Object.hasOwn(r.tagTypeMatchMultipliers, type));
  const byType = new Map<string, number[]>();
  for (const t of e.requiredShiftTags ?? []) {
    const type = typeOf(t);
    if (!covers(type)) continue;
    byType.set(type, [...(byType.get(type) ?? []), tags.of(t)]);
  }
  const parts = [...byType.keys()].sort().map((type) => leaves(byType.get(type)!, OP_OR));
  const expr = compileExpression(e.requiredShiftTagsExpression, (n) => (typeof n.tagId === "string" ? tags.of(n.tagId) : undefined), () => 1);
  if (expr) parts.push(expr);
  return node(OP_AND, parts);
}

/**
 * Preferred shift tags under the PREFERRED rules: a SUM of the employee's preferred tags (each worth the highest
 * `tagTypeMatchMultipliers` value of its type over the rules, default 1) and the `preferredShiftTagsExpression`
 * (AND: the sum of its tags, OR: its best branch), so a shift with more preferred tags is worth more.
 */
function preferredTagProgram(e: Employee, rules: ShiftTagMatchRule[], tags: Interner, typeOf: (t: string) => string): number[] {
  const idToTag = new Map<number, string>();
  const multiplier = (id: number) => {
    const type = typeOf(idToTag.get(id) ?? "");
    return Math.max(1, ...rules.map((r) => Math.floor(Number(ownValue(r.tagTypeMatchMultipliers, type) ?? 1)) || 1));
  };
  const ids = (e.preferredShiftTags ?? []).map((t) => {
    const id = tags.of(t);
    idToTag.set(id, t);
    return id;
  });
  const parts = uniqueSorted(ids).map((id) => [OP_LEAF, id, multiplier(id)]);
  const expr = compileExpression(
    e.preferredShiftTagsExpression,
    (n) => {
      if (typeof n.tagId !== "string") return undefined;
      const id = tags.of(n.tagId);
      idToTag.set(id, n.tagId);
      return id;
    },
    multiplier,
  );
  if (expr) parts.push(expr);
  return parts.length === 0 ? [] : [OP_SUM, parts.length, ...parts.flat()];
}

/** Header and section directory of the problem buffer (assembly/layout.ts). */
export function problemHeader(p: EncodedProblem): Int32Array {
  return packProblem(p, false);
}

/** The problem buffer of assembly/layout.ts, as one Int32Array (only the header and directory without `sections`). */
export function packProblem(p: EncodedProblem, sections = true): Int32Array {
  const lengths = SECTIONS.map((name) => p.sections[name].length);
  const words = HEADER_WORDS + SECTIONS.length + (sections ? lengths.reduce((a, b) => a + b, 0) : 0);
  const out = new Int32Array(words);
  out[H_VERSION] = LAYOUT_VERSION;
  out[H_SHIFTS] = p.shiftIds.length;
  out[H_EMPLOYEES] = p.employeeIds.length;
  out[H_SKILLS] = p.counts.skills;
  out[H_TAGS] = p.counts.tags;
  out[H_RISKS] = p.counts.risks;
  out[H_BALANCE_RULES] = p.counts.balanceRules;
  out[H_OVERLAP_GROUPS] = p.counts.overlapGroups;
  out[H_FILTERS] = p.counts.filters;
  out[H_SECTIONS] = SECTIONS.length;
  out[H_RULES] = p.counts.rules;
  out[H_TZ_GROUPS] = p.counts.tzGroups;
  out[H_MINUTE_ROWS] = p.counts.minuteRows;
  lengths.forEach((n, i) => (out[HEADER_WORDS + i] = n));
  if (!sections) return out;
  let at = HEADER_WORDS + SECTIONS.length;
  for (const name of SECTIONS) {
    out.set(p.sections[name], at);
    at += p.sections[name].length;
  }
  return out;
}
