/**
 * Justifications of the contract rule matches from the core's match records (explain-context.ts `contractMatchesOf`
 * reads them): each kind of rule explains its own (kind.ts `explain`, one file per kind, kinds.ts), by the reference
 * list its rule came from.
 */
import { CORE_CONSTRAINTS } from "../../catalog.generated";
import type { EncodedProblem } from "../../encode";
import type { Justification } from "../../explain-context";
import { K_SCOPED_DISRUPTION } from "../../layout";
import type { ContractMatch } from "../../session";
import type { ContractRuleKind } from "./kind";
import { CONTRACT_RULE_KINDS } from "./kinds";

const KIND_OF_LIST = new Map<string, ContractRuleKind>(CONTRACT_RULE_KINDS.flatMap((k) => k.lists.map((list) => [list, k] as const)));

/** The justification of one contract rule match (`group`: see groupContractMatches). */
export function contractJustification(problem: EncodedProblem, group: ContractMatch[], assignment: () => Int32Array): Justification {
  const rule = problem.contractRules[group[0].rule];
  const kind = KIND_OF_LIST.get(rule.family);
  if (!kind) throw new Error(`contract rule list '${rule.family}' has no kind (solver/families/contracts/kinds.ts)`);
  return kind.explain(problem, group, assignment);
}

/**
 * Contract matches as the score analysis lists them: a REQUIRED scoped disruption rule's shifts form one match. Made
 * as they are read: each match is passed on at once until the first one of a group; from there on they are held
 * until the end, to keep the order (only the scoped disruption constraint's matches).
 */
export function* groupContractMatches(problem: EncodedProblem, matches: Iterable<ContractMatch>): Generator<ContractMatch[]> {
  const out: ContractMatch[][] = [];
  const byOwner = new Map<string, ContractMatch[]>();
  for (const m of matches) {
    const rule = problem.contractRules[m.rule];
    if (rule.kind !== K_SCOPED_DISRUPTION || CORE_CONSTRAINTS[rule.constraintId].level !== "HARD") {
      if (out.length === 0) yield [m];
      else out.push([m]);
      continue;
    }
    const key = `${m.employee}/${m.rule}`;
    let group = byOwner.get(key);
    if (!group) {
      byOwner.set(key, (group = []));
      out.push(group);
    }
    group.push(m);
  }
  yield* out;
}
