/** Assignment (employee index per shift) -> wire form, in input shift order. */
import type { EncodedProblem } from "./encode";

export function decodeAssignment(
  problem: Pick<EncodedProblem, "shiftIds" | "employeeIds">,
  assignment: Int32Array,
): Array<{ id: string; employee: string | null }> {
  return problem.shiftIds.map((id, i) => {
    const e = assignment[i];
    return { id, employee: e >= 0 && e < problem.employeeIds.length ? problem.employeeIds[e] : null };
  });
}
