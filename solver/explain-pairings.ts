/**
 * Justifications of the pairing constraints (ids 57-65; reference `EmployeeIsNotPairedWithRequiredEmployee...`,
 * `EmployeeIsPairedWith{Prohibited,Unpreferred,Preferred}Employee...`, `PairedEmloyeesDontWorkShiftsWithCommonTags...`
 * and the four `...DailyShiftPairingJustification` shapes) from the core's match records (session.pairingMatches()).
 */
import type { EncodedProblem } from "./encode";
import type { PairingMatch } from "./session";
import { COMMON_TAGS_CONSTRAINT, DAILY_CONSTRAINT, PAIRING_CONSTRAINT, PAIRING_CONSTRAINT_END, PAIRING_CONSTRAINT_FIRST } from "./encode-pairings";

export type PairingJustification = { description: string } & Record<string, unknown>;

export function isPairingConstraint(id: number): boolean {
  return id >= PAIRING_CONSTRAINT_FIRST && id < PAIRING_CONSTRAINT_END;
}

export function pairingJustification(problem: EncodedProblem, m: PairingMatch): PairingJustification {
  const shift = (s: number) => (s >= 0 ? problem.shiftIds[s] : undefined);
  const employee = problem.employeeIds[m.employee];
  if (m.constraintId >= DAILY_CONSTRAINT.REQUIRED) {
    const rule = problem.pairings.daily[m.rule];
    const where = `daily shift pairing rule '${rule?.ruleId}' of contract '${rule?.contractId}'`;
    const on = rule && rule.dayOffset !== 0 ? `${Math.abs(rule.dayOffset)} day(s) ${rule.dayOffset > 0 ? "after" : "before"} it` : "on the same day";
    switch (m.constraintId) {
      case DAILY_CONSTRAINT.REQUIRED:
      case DAILY_CONSTRAINT.PREFERRED: {
        const level = m.constraintId === DAILY_CONSTRAINT.REQUIRED ? "required" : "preferred";
        return {
          employee, shift: shift(m.shift), dailyShiftPairingRule: rule?.ruleId,
          description: `Employee '${employee}' works shift '${shift(m.shift)}' without the ${level} paired shift ${on} (${where}).`,
        };
      }
      default: {
        const level = m.constraintId === DAILY_CONSTRAINT.PROHIBITED ? "prohibited" : "unpreferred";
        return {
          employee, shift1: shift(m.shift), shift2: shift(m.pairedShift), dailyShiftPairingRule: rule?.ruleId,
          description: `Employee '${employee}' works shifts '${shift(m.shift)}' and '${shift(m.pairedShift)}' (${on.replace("it", "the first")}), a ${level} pair (${where}).`,
        };
      }
    }
  }
  const rule = problem.pairings.rules[m.rule];
  const pairing = rule?.pairing ?? {};
  const employee2 = pairing.pairedEmployee ?? null;
  const tags = pairing.includeEmployeeWithTags ?? null;
  const partnerText = employee2 !== null ? `'${employee2}'` : `an employee with tag(s) ${(tags ?? []).map((t) => `'${t}'`).join(", ")}`;
  const partner = m.partner >= 0 ? problem.employeeIds[m.partner] : undefined;
  if (m.constraintId === PAIRING_CONSTRAINT.REQUIRED) {
    return {
      employee1: employee, employee2, tags, shift: shift(m.shift), employeePairing: pairing,
      description: `Employee '${employee}' works ${m.penalty} minutes of shift '${shift(m.shift)}' without ${partnerText} (required pairing).`,
    };
  }
  if (m.constraintId === COMMON_TAGS_CONSTRAINT) {
    return {
      employee1: employee, shift1: shift(m.shift), employee2: partner, shift2: shift(m.pairedShift), employeePairing: pairing,
      description: `Paired employees '${employee}' and '${partner}' work shifts '${shift(m.shift)}' and '${shift(m.pairedShift)}' (${m.penalty} minutes together) without a common tag of type '${pairing.commonTagType}'.`,
    };
  }
  const kind = m.constraintId === PAIRING_CONSTRAINT.PROHIBITED ? "prohibited" : m.constraintId === PAIRING_CONSTRAINT.UNPREFERRED ? "unpreferred" : "preferred";
  return {
    employee1: employee, employee2, tags, shift1: shift(m.shift), shift2: shift(m.pairedShift), employeePairing: pairing,
    description: `Employee '${employee}' works shift '${shift(m.shift)}' with '${partner}' (shift '${shift(m.pairedShift)}', ${m.penalty} minutes together): a ${kind} pairing.`,
  };
}
