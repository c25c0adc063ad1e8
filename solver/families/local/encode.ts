/**
 * Encoding of the LOCAL family (solver/families/local): per shift its skill requirements, risk factors, tags and
 * employee lists; per employee its skills, risk factors, priority, time spans and shift tag programs. The disruption
 * units' sections come from the contracts' disruption rules: solver/families/contracts encodes them. Semantics:
 * encode.ts module header.
 */
import type { ModelInput } from "../../../schemas/model-input";
import type { EncodeContext, TagFilter } from "../../encode-context";
import { Rows, NONE, uniqueSorted, arrayOf, ownValue } from "../../encode-context";
import { effectivePriorityMultiplier, shiftTagMatchRules, toMinutes } from "../../encode";
import { EMPLOYEE_HAS_AVAILABILITY, OP_AND, OP_LEAF, OP_OR, OP_SUM, SPAN_WORDS } from "../../layout";

type Employee = ModelInput["employees"][number];
type ShiftTagMatchRule = ReturnType<typeof shiftTagMatchRules>["required"][number];
interface Expression {
  type?: string;
  operator?: string;
  operands?: unknown[];
  skillId?: string;
  tagId?: string;
}

export function encodeLocal(ctx: EncodeContext): void {
  const { input, skills, tags, risks, E } = ctx;
  const required = new Rows();
  const preferredSk = new Rows();
  const shiftRisks = new Rows();
  const shiftTags = new Rows();
  const prohibited = new Rows();
  const preferredEmp = new Rows();
  const unpreferredEmp = new Rows();
  const skillLeaf = (n: Expression) => (typeof n.skillId === "string" ? skills.of(n.skillId) : undefined);
  const one = () => 1;
  input.shifts.forEach((s) => {
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
    prohibited.push(ctx.employeesOf(s.prohibitedEmployees));
    preferredEmp.push(ctx.employeesOf(s.preferredEmployees));
    unpreferredEmp.push(ctx.employeesOf(s.unpreferredEmployees));
  });

  const employeeSkills = new Rows();
  const validity = new Rows();
  const employeeRisks = new Rows();
  const employeePriority = new Int32Array(E);
  const employeeFlags = new Int32Array(E);
  const spanLists = { unavailable: new Rows(), available: new Rows(), preferred: new Rows(), unpreferred: new Rows() };
  const requiredTags = new Rows();
  const preferredTags = new Rows();
  const { required: requiredRules, preferred: preferredRules } = shiftTagMatchRules(input);
  // The first contract of an id, as the contract rules read them (encode-contracts.ts).
  const contractsById = new Map<string, { priority?: string | null }>();
  for (const c of input.contracts ?? []) if (!contractsById.has(c.id)) contractsById.set(c.id, c);
  input.employees.forEach((e, i) => {
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
    employeePriority[i] = effectivePriorityMultiplier(e, contractsById);
    employeeFlags[i] = (e.availableTimeSpans?.length ?? 0) > 0 ? EMPLOYEE_HAS_AVAILABILITY : 0;
    spanLists.unavailable.push(spanRow(e.unavailableTimeSpans ?? [], ctx.filterOf, true));
    spanLists.available.push(spanRow(e.availableTimeSpans ?? [], ctx.filterOf, true));
    spanLists.preferred.push(spanRow(e.preferredTimeSpans ?? [], ctx.filterOf, false));
    spanLists.unpreferred.push(spanRow(e.unpreferredTimeSpans ?? [], ctx.filterOf, false));
    requiredTags.push(requiredRules.length > 0 ? requiredTagProgram(e, requiredRules, ctx) : []);
    preferredTags.push(preferredRules.length > 0 ? preferredTagProgram(e, preferredRules, ctx) : []);
  });

  Object.assign(ctx.sections, {
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
    requiredTagsOff: Int32Array.from(requiredTags.offsets), requiredTags: Int32Array.from(requiredTags.data),
    preferredTagsOff: Int32Array.from(preferredTags.offsets), preferredTags: Int32Array.from(preferredTags.data),
  });
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
function requiredTagProgram(e: Employee, rules: ShiftTagMatchRule[], ctx: EncodeContext): number[] {
  const { tags } = ctx;
  const typeOf = (t: string) => ctx.typeOf(t);
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
function preferredTagProgram(e: Employee, rules: ShiftTagMatchRule[], ctx: EncodeContext): number[] {
  const { tags } = ctx;
  const typeOf = (t: string) => ctx.typeOf(t);
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

