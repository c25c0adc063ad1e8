/**
 * Semantic validation of cost (spec §2.4; reference `CostsRule*Issue` and `PeriodRuleCostDefinition*Issue`), part of
 * model/validation.ts. Codes are the reference schema names in UPPER_SNAKE. A contradiction (minimum above maximum,
 * an overtime detail that cannot be placed) is an ERROR; settings that are deprecated or have no effect are WARNINGs.
 */
import type { ModelInput } from "../schemas/model-input";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const COST_ISSUE_TYPES = {
  COSTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS: { severity: "WARNING", message: "A costs rule has both includeEmployeeTags and excludeEmployeeTags; both apply." },
  COSTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A costs rule has both includeShiftTags and excludeShiftTags; both apply." },
  COSTS_RULE_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "totalCostsMin of a costs rule is greater than its totalCostsMax." },
  COSTS_RULE_NEITHER_MIN_NOR_MAX_DEFINED: { severity: "WARNING", message: "A costs rule has neither totalCostsMin nor totalCostsMax: it is not scored (it still prices kpis.fixedTotalCost)." },
  COSTS_RULE_TOTAL_COSTS_MAX_ZERO: { severity: "WARNING", message: "totalCostsMax of a costs rule is 0: no priced assignment can be made." },
  COSTS_RULE_TOTAL_COSTS_MIN_DEPRECATED: { severity: "WARNING", message: "A REQUIRED totalCostsMin is deprecated; use PREFERRED satisfiability." },
  PERIOD_RULE_COST_DEFINITION_OVERTIME_DETAIL_MISSING_LIMIT: { severity: "ERROR", message: "An overtime cost detail other than the last one has no overtimeMinutesLimit: the details after it are never reached." },
  PERIOD_RULE_COST_DEFINITION_OVERTIME_WITHOUT_BASE_MINUTES_LIMIT: { severity: "ERROR", message: "A cost definition has overtimeCostDetails but no baseMinutesLimit: the base hourly cost would cover every minute." },
  PERIOD_RULE_COST_DEFINITION_REQUIRED_SATISFIABILITY: { severity: "WARNING", message: "A period rule with a costDefinition should be PREFERRED; the cost is always scored as the soft 'Minimize cost per period'." },
} as const satisfies Record<string, Entry>;

export type CostIssueCode = keyof typeof COST_ISSUE_TYPES;
type Report = (code: CostIssueCode, message: string, detail: Record<string, unknown>) => void;

const has = (v: readonly unknown[] | null | undefined) => (v?.length ?? 0) > 0;
const num = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

export function validateCosts(input: ModelInput, report: Report): void {
  for (const r of input.globalRules?.costsRules ?? []) {
    const at = { rule: r.id };
    const text = `Costs rule '${r.id}'`;
    if (has(r.includeEmployeeTags) && has(r.excludeEmployeeTags)) report("COSTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS", `${text} has both include and exclude employee tags.`, at);
    if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("COSTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `${text} has both include and exclude shift tags.`, at);
    if (num(r.totalCostsMin) && num(r.totalCostsMax) && r.totalCostsMin > r.totalCostsMax) {
      report("COSTS_RULE_MIN_GREATER_THAN_MAX", `${text} has totalCostsMin ${r.totalCostsMin} above totalCostsMax ${r.totalCostsMax}.`, { ...at, totalCostsMin: r.totalCostsMin, totalCostsMax: r.totalCostsMax });
    }
    if (!num(r.totalCostsMin) && !num(r.totalCostsMax)) report("COSTS_RULE_NEITHER_MIN_NOR_MAX_DEFINED", `${text} has neither totalCostsMin nor totalCostsMax.`, at);
    if (r.totalCostsMax === 0) report("COSTS_RULE_TOTAL_COSTS_MAX_ZERO", `${text} has totalCostsMax 0.`, at);
    if (num(r.totalCostsMin) && (r.satisfiability ?? "REQUIRED") === "REQUIRED") report("COSTS_RULE_TOTAL_COSTS_MIN_DEPRECATED", `${text} has a REQUIRED totalCostsMin.`, at);
  }
  for (const contract of input.contracts ?? []) {
    for (const r of contract.periodRules ?? []) {
      const def = r.costDefinition;
      if (!def) continue;
      const at = { contract: contract.id, rule: r.id };
      const text = `The cost definition of period rule '${r.id}' of contract '${contract.id}'`;
      const overtime = def.overtimeCostDetails ?? [];
      if (overtime.length > 0 && !num(def.baseMinutesLimit)) report("PERIOD_RULE_COST_DEFINITION_OVERTIME_WITHOUT_BASE_MINUTES_LIMIT", `${text} has overtime details but no baseMinutesLimit.`, at);
      const missing = overtime.findIndex((o, i) => i < overtime.length - 1 && !num(o.overtimeMinutesLimit));
      if (missing >= 0) report("PERIOD_RULE_COST_DEFINITION_OVERTIME_DETAIL_MISSING_LIMIT", `${text} has overtime detail ${missing + 1} of ${overtime.length} without overtimeMinutesLimit.`, { ...at, detail: missing });
      if ((r.satisfiability ?? "REQUIRED") === "REQUIRED") report("PERIOD_RULE_COST_DEFINITION_REQUIRED_SATISFIABILITY", `Period rule '${r.id}' of contract '${contract.id}' has a costDefinition and REQUIRED satisfiability.`, at);
    }
  }
}
