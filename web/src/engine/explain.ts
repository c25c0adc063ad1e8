/**
 * Why an employee cannot take a shift: one sentence per hard rule the assignment would break, written from the
 * input (skills, time spans, the employee's other shifts). Keyed by the stable constraint ids (solver/constraints.ts);
 * a rule without a sentence of its own falls back to its name and match count.
 */
import { CONSTRAINT_ID } from "../../../solver/constraints";
import { toMinutes } from "../../../solver/encode";
import { Clock, offsetOf } from "../state/time";
import type { PlannerSession } from "./planner-session";
import type { ConstraintChange } from "./what-if";

type Span = { start: string; end: string };

function overlaps(a: Span, start: number, end: number): boolean {
  return toMinutes(a.start) < end && start < toMinutes(a.end);
}

export function clockOf(planner: PlannerSession): Clock {
  return new Clock(offsetOf(planner.input.shifts[0]?.start));
}

export function hardReasons(
  planner: PlannerSession,
  assignment: Int32Array,
  shiftIndex: number,
  employeeIndex: number,
  broken: readonly ConstraintChange[],
): string[] {
  const input = planner.input;
  const shift = input.shifts[shiftIndex];
  const employee = input.employees[employeeIndex];
  const clock = clockOf(planner);
  const { shiftStart, shiftEnd } = planner.session.problem;
  const start = shiftStart[shiftIndex];
  const end = shiftEnd[shiftIndex];
  const list = (items: readonly string[]) => items.map((i) => `'${i}'`).join(", ");

  return broken.map((change) => {
    switch (change.constraintId) {
      case CONSTRAINT_ID.REQUIRED_SKILL: {
        const held = new Set((employee.skills ?? []).map((s) => s.id));
        const missing = (shift.requiredSkills ?? []).filter((s) => !held.has(s));
        return missing.length > 0
          ? `Lacks the required skill ${list(missing)} (has ${held.size > 0 ? list([...held]) : "no skills"}).`
          : "Does not have the skills the shift requires.";
      }
      case CONSTRAINT_ID.OVERLAP: {
        const others: string[] = [];
        for (let i = 0; i < assignment.length; i++) {
          if (i !== shiftIndex && assignment[i] === employeeIndex && shiftStart[i] < end && start < shiftEnd[i]) {
            others.push(`${input.shifts[i].id} (${clock.span(shiftStart[i], shiftEnd[i])})`);
          }
        }
        return others.length > 0 ? `Already works ${others.join(", ")} at the same time.` : "Already works a shift at the same time.";
      }
      case CONSTRAINT_ID.UNAVAILABLE: {
        const spans = (employee.unavailableTimeSpans ?? []).filter((s) => overlaps(s, start, end));
        return spans.length > 0
          ? `Unavailable ${spans.map((s) => clock.span(toMinutes(s.start), toMinutes(s.end))).join(", ")}.`
          : "Unavailable during the shift.";
      }
      case CONSTRAINT_ID.AVAILABLE:
        return "The shift is outside the employee's available time.";
      case CONSTRAINT_ID.PROHIBITED_EMPLOYEE:
        return "The shift lists this employee as prohibited.";
      case CONSTRAINT_ID.RISK_FACTOR: {
        const prohibited = new Set(employee.prohibitedRiskFactors ?? []);
        const hits = (shift.riskFactors ?? []).filter((r) => prohibited.has(r));
        return hits.length > 0 ? `Prohibited risk factor ${list(hits)}.` : "Has a risk factor prohibited on this shift.";
      }
      case CONSTRAINT_ID.REQUIRED_TAGS:
        return `The shift's tags do not match the tags the employee requires${employee.requiredShiftTags?.length ? ` (${list(employee.requiredShiftTags)})` : ""}.`;
      default:
        return `${change.constraintName}: ${change.matchCountDiff >= 0 ? "+" : ""}${change.matchCountDiff} match(es), ${change.scoreText}.`;
    }
  });
}
