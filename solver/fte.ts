/**
 * Full time equivalents (README "Contract rules"): an employee's FTE is the `fteConfiguration.fixedFte` of its first
 * contract that has one, in thousandths (the reference's precision, 1..1000); 1000 without one. "Balance time worked"
 * balances minutes per FTE (solver/families/balance). Validation: model/fte-validation.ts.
 */
import type { ModelInput } from "../schemas/model-input";

/** A full time employee, in thousandths. */
export const FULL_TIME = 1000;

/** The FTE (thousandths) of each contract that sets fixedFte. */
export function fteContracts(input: ModelInput): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of input.contracts ?? []) {
    const fte = c.fteConfiguration?.fixedFte;
    if (typeof fte === "number" && !out.has(c.id)) out.set(c.id, Math.min(FULL_TIME, Math.max(1, Math.round(fte * FULL_TIME))));
  }
  return out;
}

/** Each employee's FTE contracts, in the employee's order. */
export function ownFteContracts(employee: ModelInput["employees"][number], fte: Map<string, number>): string[] {
  return [...new Set(employee.contracts ?? [])].filter((c) => fte.has(c));
}

/** The FTE in thousandths of every employee (by index in input.employees). */
export function employeeFtes(input: ModelInput): Int32Array {
  const fte = fteContracts(input);
  return Int32Array.from(input.employees, (e) => {
    const own = ownFteContracts(e, fte);
    return own.length > 0 ? fte.get(own[0])! : FULL_TIME;
  });
}

/**
 * Minutes per FTE: minutes * 1000 / fte rounded half up, in integers (the core computes the same, so the glue's
 * figures equal the core's).
 */
export function perFte(minutes: number, fte: number): number {
  return Math.floor((minutes * FULL_TIME + Math.floor(fte / 2)) / fte);
}
