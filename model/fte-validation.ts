/**
 * Validation of the FTE configurations (README "Contract rules"), part of model/validation.ts; code = the reference
 * `EmployeeMultipleFteContractsIssue` in UPPER_SNAKE. What the scoring then does: solver/fte.ts.
 */
import type { ModelInput } from "../schemas/model-input";
import { fteContracts, ownFteContracts } from "../solver/fte";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const FTE_ISSUE_TYPES = {
  EMPLOYEE_MULTIPLE_FTE_CONTRACTS: { severity: "WARNING", message: "An employee has several contracts with an fteConfiguration; only the first of them applies." },
} as const satisfies Record<string, Entry>;

export type FteIssueCode = keyof typeof FTE_ISSUE_TYPES;
type Report = (code: FteIssueCode, message: string, detail: Record<string, unknown>) => void;

export function validateFte(input: ModelInput, report: Report): void {
  const fte = fteContracts(input);
  if (fte.size === 0) return;
  for (const employee of input.employees) {
    const own = ownFteContracts(employee, fte);
    if (own.length > 1) report("EMPLOYEE_MULTIPLE_FTE_CONTRACTS", `Employee '${employee.id}' has contracts ${own.join(", ")} with an fteConfiguration; '${own[0]}' applies.`, { employee: employee.id, contracts: own });
  }
}
