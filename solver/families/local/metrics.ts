/**
 * Output metrics of the LOCAL family's concerns (spec §2.7, reference `EmployeeOutputMetrics`): time preferences met
 * and unpreferences violated, and disruption against the submitted assignment.
 */
import type { ModelInput } from "../../../schemas/model-input";
import type { EncodedProblem } from "../../encode";
import { tagsMatch, toMinutes } from "../../encode";
import { minutesDuration } from "../../duration";
import type { EmployeeMetrics, ExtraKpis, MetricsInput } from "../../metrics";

interface Minutes {
  preferred: number;
  unpreferred: number;
}

/** Per employee, the preference minutes met and unpreference minutes violated by the assignment. */
function preferenceMinutes(input: ModelInput, problem: EncodedProblem, assignment: ArrayLike<number>): Minutes[] {
  const out: Minutes[] = input.employees.map(() => ({ preferred: 0, unpreferred: 0 }));
  const spanMinutes = (spans: NonNullable<ModelInput["employees"][number]["preferredTimeSpans"]>, s: number, tags: Set<string>) => {
    let total = 0;
    for (const span of spans) {
      const minutes = Math.min(problem.shiftEnd[s], toMinutes(span.end)) - Math.max(problem.shiftStart[s], toMinutes(span.start));
      if (minutes > 0 && tagsMatch(tags, span.includeShiftTags, span.excludeShiftTags, span.shiftTagMatches)) total += minutes;
    }
    return total;
  };
  input.shifts.forEach((shift, s) => {
    const e = assignment[s];
    if (e < 0) return;
    const employee = input.employees[e];
    const tags = new Set(shift.tags ?? []);
    out[e].preferred += spanMinutes(employee.preferredTimeSpans ?? [], s, tags);
    out[e].unpreferred += spanMinutes(employee.unpreferredTimeSpans ?? [], s, tags);
    if ((shift.preferredEmployees ?? []).includes(employee.id)) out[e].preferred += problem.shiftWorked[s];
  });
  return out;
}

/**
 * Disruption compares with the submitted assignment (`employee` of each shift): outgoing = shifts submitted with
 * this employee and now elsewhere or unassigned; incoming = shifts now with this employee that were submitted with
 * another employee or none. When the submitted schedule assigns no shift at all there is nothing to disrupt and the
 * counts are 0 (as `disruptionPercentage`).
 */
export function localEmployeeMetrics({ input, problem, assignment }: MetricsInput): Partial<EmployeeMetrics>[] {
  const prefs = preferenceMinutes(input, problem, assignment);
  const published = problem.shiftEmployee;
  const anyPublished = published.some((e) => e >= 0);
  const rows = input.employees.map(() => ({ incoming: 0, incomingMinutes: 0, outgoing: 0, outgoingMinutes: 0 }));
  for (let s = 0; s < input.shifts.length; s++) {
    const e = assignment[s];
    const minutes = problem.shiftWorked[s];
    if (!anyPublished || e === published[s]) continue;
    if (e >= 0) {
      rows[e].incoming++;
      rows[e].incomingMinutes += minutes;
    }
    if (published[s] >= 0) {
      rows[published[s]].outgoing++;
      rows[published[s]].outgoingMinutes += minutes;
    }
  }
  return rows.map((r, e) => ({
    durationOfTimePreferencesMet: minutesDuration(prefs[e].preferred),
    durationOfTimeUnpreferencesViolated: minutesDuration(prefs[e].unpreferred),
    disruptedShifts: r.incoming + r.outgoing,
    durationOfDisruptedShifts: minutesDuration(r.incomingMinutes + r.outgoingMinutes),
    incomingDisruptedShifts: r.incoming,
    durationOfIncomingDisruptedShifts: minutesDuration(r.incomingMinutes),
    outgoingDisruptedShifts: r.outgoing,
    durationOfOutgoingDisruptedShifts: minutesDuration(r.outgoingMinutes),
  }));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function localKpis({ input, problem, assignment }: MetricsInput): Partial<ExtraKpis> {
  const S = input.shifts.length;
  const published = problem.shiftEmployee;
  const submitted = Array.from(published).filter((e) => e >= 0).length;
  let disrupted = 0;
  for (let s = 0; s < S; s++) if (published[s] >= 0 && assignment[s] !== published[s]) disrupted++;
  const prefs = preferenceMinutes(input, problem, assignment);
  const met = prefs.map((p) => p.preferred);
  const violated = prefs.map((p) => p.unpreferred);
  const mean = (v: number[]) => (v.length === 0 ? 0 : Math.round(v.reduce((a, b) => a + b, 0) / v.length));
  return {
    disruptionPercentage: submitted === 0 ? 0 : round2((disrupted / submitted) * 100),
    averageDurationOfEmployeesPreferencesMet: minutesDuration(mean(met)),
    minimumDurationOfPreferencesMetAcrossEmployees: minutesDuration(met.length ? Math.min(...met) : 0),
    averageDurationOfEmployeesUnpreferencesViolated: minutesDuration(mean(violated)),
    maximumDurationOfUnpreferencesViolatedAcrossEmployees: minutesDuration(violated.length ? Math.max(...violated) : 0),
  };
}
