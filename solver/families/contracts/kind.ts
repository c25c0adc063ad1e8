/**
 * One kind of contract rule (a reference list of `Contract`, e.g. `consecutiveDaysWorkedRules`) on the glue's side,
 * one file per kind beside this one, listed in compile order by kinds.ts: everything a constraint of the kind needs
 * outside the core (README "How to add a constraint"):
 *   constraints   its rows of the contracts family: override name and justification schema per constraint id
 *   constraintOf  per core rule kind (K_*) it compiles, its constraint ids [REQUIRED, PREFERRED]
 *   compile       a contract's rules of the list -> compiled rules (encode-contracts.ts `add`: RW_* words)
 *   explain       the justification of a match from the core's record (explain-context.ts `contractMatchesOf`)
 */
import { CORE_CONSTRAINTS } from "../../catalog.generated";
import type { EncodedProblem } from "../../encode";
import type { RuleCompiler } from "../../encode-contracts";
import type { Justification } from "../../explain-context";
import type { ContractMatch } from "../../session";
import type { FamilyConstraint } from "../types";

export interface ContractRuleKind extends RuleCompiler {
  /** The reference lists it compiles (CompiledRule.family of its rules). */
  lists: readonly string[];
  constraints: readonly FamilyConstraint[];
  /**
   * A match's justification; `group` is one match but a REQUIRED scoped disruption's (explain.ts
   * groupContractMatches); `assignment` gives the current solution's employee per shift.
   */
  explain(problem: EncodedProblem, group: ContractMatch[], assignment: () => Int32Array): Justification;
}

/** What most justifications read of a match: its compiled rule, employee, shift ids, level word and rule text. */
export function matchContext(problem: EncodedProblem, m: ContractMatch) {
  const rule = problem.contractRules[m.rule];
  return {
    rule,
    employee: problem.employeeIds[m.employee],
    shift: (s: number) => problem.shiftIds[s] ?? "",
    required: CORE_CONSTRAINTS[rule.constraintId].level === "HARD" ? "required" : "preferred",
    where: `rule '${rule.ruleId}' of contract '${rule.contractId}'`,
  };
}

/** REQUIRED (hard, no override) then PREFERRED (soft, `<camelCase name>Weight`) rows of a pair of constraints. */
export const pair = (id: number, preferred: string, justification: string): FamilyConstraint[] => [
  { id, justification: `${justification.replace("{}", "Required")}Justification` },
  { id: id + 1, override: `${preferred}Weight`, justification: `${justification.replace("{}", "Preferred")}Justification` },
];
