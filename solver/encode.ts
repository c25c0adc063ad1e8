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
 *     CRITICAL 1, HIGH 4, NORMAL 7, LOW 10; no priority counts as the lowest, 10 (multiplier 1). An employee without
 *     a priority of its own takes the highest `contracts[].priority` of its contracts ("Contract priorities are
 *     applied to all the employees with those contracts", the reference's employee priority documentation).
 *   - shift tag match rules: see `requiredTagProgram` and `preferredTagProgram` (families/local/encode.ts).
 *
 * The encoding itself is the constraint families' (solver/families/*), run in order around one EncodeContext.
 */
import type { ModelInput } from "../schemas/model-input";
import {
  LAYOUT_VERSION, HEADER_WORDS, H_VERSION, H_SHIFTS, H_EMPLOYEES, H_SKILLS, H_TAGS, H_RISKS, H_BALANCE_RULES,
  H_OVERLAP_GROUPS, H_FILTERS, H_SECTIONS, H_RULES, H_TZ_GROUPS, H_MINUTE_ROWS, SECTIONS, type SectionName,
} from "./layout";
import type { CompiledRule, EncodedContracts } from "./encode-contracts";
import type { CostInfo } from "./encode-cost";
import type { EncodedPairings } from "./encode-pairings";
import { toMinutes } from "./time";
import type { EncodedDemand } from "./encode-demand";
import { governedShiftIds } from "./shift-groups";
import { isGeneratedShift, withGeneratedShifts } from "./shift-generation";
import { EncodeContext, arrayOf } from "./encode-context";
import { FAMILIES } from "./families/index";
import { shiftIdsOf } from "./shift-table";

export { toMinutes };

type Shift = ModelInput["shifts"][number];
type Employee = ModelInput["employees"][number];

export interface BalanceRuleInfo {
  id: string;
  kind: "TIME" | "COUNT";
}

/**
 * An array of integers read by index. What a host keeps of a problem once the core holds it is narrowed to the
 * fewest bytes its values need (solver/loaded-problem.ts); the encoder writes Int32Arrays.
 */
export type IntColumn = Int32Array | Int16Array | Int8Array;

export interface EncodedProblem {
  /** Input order; index i of every shift array is shiftIds[i]. */
  shiftIds: string[];
  employeeIds: string[];
  /** Every skill mentioned by an employee or a shift, first-seen order. */
  skillIds: string[];
  tagIds: string[];
  riskIds: string[];
  /** Minutes since the Unix epoch (floored); shiftEnd >= shiftStart. */
  shiftStart: IntColumn;
  shiftEnd: IntColumn;
  /** Minutes worked: duration minus breaks. */
  shiftWorked: IntColumn;
  /** Penalty when left unassigned (priority weight). */
  shiftWeight: IntColumn;
  /** 1 when the shift never moves (pinned with a known or no employee, or historic). */
  shiftPinned: IntColumn;
  /** 1 when mandatory (unassigned costs medium), 0 when optional (soft). */
  shiftMandatory: IntColumn;
  /** 1 when the shift ends before the planning window. */
  shiftHistoric: IntColumn;
  /** Initial employee index, -1 when none or unknown. */
  shiftEmployee: IntColumn;
  balanceRules: BalanceRuleInfo[];
  /** Every section of the problem buffer, by name. */
  sections: Record<SectionName, IntColumn>;
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

/**
 * An employee's preferences multiplier (see the module header): its own priority when it has one, else the highest
 * priority ("1" highest, the default "10") among its contracts' (an unknown value, ContractUnknownPriorityIssue,
 * counts as the default).
 */
export function effectivePriorityMultiplier(employee: ModelInput["employees"][number], contracts: ReadonlyMap<string, { priority?: string | null }>): number {
  if (employee.priority != null) return employeePriorityMultiplier(employee.priority);
  let best = 1;
  for (const id of employee.contracts ?? []) {
    const p = Number(contracts.get(id)?.priority ?? "10");
    if (Number.isInteger(p) && p >= 1 && p <= 10) best = Math.max(best, 11 - p);
  }
  return best;
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
export interface ShiftTagMatchRule {
  id: string;
  satisfiability?: "REQUIRED" | "PREFERRED";
  tagTypeMatchMultipliers?: Record<string, number>;
}
export interface BalanceRule extends TagFilter {
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
export function globalRulesOf(input: ModelInput): GlobalRules {
  return (input.globalRules ?? {}) as GlobalRules;
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
  const governed = governedShiftIds(input);
  return input.shifts.map((s) => {
    // Generated demand shifts (shift-generation.ts) are optional and free when unassigned: demand decides.
    if (isGeneratedShift(s)) return { weight: 0, mandatory: false };
    const priority = shiftPriority(s);
    const entry = byPriority.get(priority);
    const mandatory = entry ? entry.assignment !== "OPTIONAL" : true;
    // A shift of a group under a shift group rule costs nothing unassigned: the group's count decides (the rule).
    if (governed.has(s.id)) return { weight: 0, mandatory };
    if (entry) return { weight: Math.max(0, Math.floor(Number(entry.weight) || 0)), mandatory };
    return { weight: priorityWeight(priority), mandatory };
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

/**
 * The encoded problem: the shared encode context (encode-context.ts: interners, employee index, tag filters, times),
 * then each constraint family's encoder in registry order (families/index.ts); every section must be written.
 */
export function encodeProblem(input: ModelInput): EncodedProblem {
  input = withGeneratedShifts(input);
  const ctx = new EncodeContext(input);
  for (const family of FAMILIES) family.encode?.(ctx);
  const t = ctx.times;
  const shared: Partial<Record<SectionName, Int32Array>> = {
    shiftStart: t.start, shiftEnd: t.end, shiftWorked: t.worked, shiftUnassignedWeight: ctx.shiftWeight, shiftFlags: ctx.shiftFlags,
    shiftEmployee: ctx.shiftEmployee, filtersOff: Int32Array.from(ctx.filterRows.offsets), filters: Int32Array.from(ctx.filterRows.data),
  };
  const sections = {} as Record<SectionName, Int32Array>;
  for (const name of SECTIONS) {
    const section = shared[name] ?? ctx.sections[name];
    if (!section) throw new Error(`encodeProblem: no family wrote section '${name}'`);
    sections[name] = section;
  }
  const counts = ctx.counts;
  const fields = ctx.fields;
  return {
    shiftIds: shiftIdsOf(input.shifts),
    employeeIds: input.employees.map((e) => e.id),
    skillIds: ctx.skills.ids,
    tagIds: ctx.tags.ids,
    riskIds: ctx.risks.ids,
    shiftStart: t.start,
    shiftEnd: t.end,
    shiftWorked: t.worked,
    shiftWeight: ctx.shiftWeight,
    shiftPinned: ctx.shiftPinned,
    shiftMandatory: ctx.shiftMandatory,
    shiftHistoric: ctx.shiftHistoric,
    shiftEmployee: ctx.shiftEmployee,
    balanceRules: fields.balanceRules ?? [],
    sections,
    counts: {
      skills: ctx.skills.ids.length,
      tags: ctx.tags.ids.length,
      risks: ctx.risks.ids.length,
      balanceRules: counts.balanceRules ?? 0,
      overlapGroups: counts.overlapGroups ?? 0,
      filters: ctx.filterCount,
      rules: counts.rules ?? 0,
      tzGroups: counts.tzGroups ?? 0,
      minuteRows: counts.minuteRows ?? 0,
    },
    contractRules: fields.contractRules ?? [],
    zones: fields.zones ?? [],
    cost: fields.cost!,
    pairings: fields.pairings!,
    input,
    demand: fields.demand,
  };
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
