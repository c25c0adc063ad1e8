/**
 * Changes to the solution: `setEmployee` moves a shift in the state (state.ts) and tells the constraint families
 * (constraints/index.ts `onAssign`), so their aggregate state (balance loads, overlap totals, cost, demand) stays
 * current. Scores are the caller's business (score.ts).
 */
import { assignment, hardClean, initState, insert, remove } from "./state";
import { initFamilies, onAssign } from "./constraints/index";

/** An empty solution, and every family's state for it (called when a solve starts or a checkpoint is restored). */
export function initSolution(): void {
  initState();
  initFamilies();
}

/** Moves shift `s` to employee `to` (-1 = unassign), keeping the lists sorted and the families' state current. */
export function setEmployee(s: i32, to: i32): void {
  const from = assignment[s];
  if (from == to) return;
  if (from >= 0) remove(from, s);
  if (to >= 0) insert(to, s);
  assignment[s] = to;
  unchecked(hardClean[s] = -1);
  onAssign(s, from, to);
}
