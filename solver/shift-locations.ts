/**
 * The shifts' locations as the justifications read them (families/travel-gap): only whether two shifts are at the
 * same location, or one has none. One class per distinct location, -1 for none, narrowed (loaded-problem.ts), a byte
 * or two a shift instead of the `shiftLocation` section's two words, which a loaded Durable Object then releases
 * (README "Request bodies": the Durable Object's memory).
 */
import type { EncodedProblem, IntColumn } from "./encode";
import { LOCATION_NONE } from "./layout";

const classes = new WeakMap<EncodedProblem, IntColumn>();

/** Location class of each shift of `problem` (-1: none); made from its `shiftLocation` section once, then kept. */
export function locationClasses(problem: EncodedProblem, narrow: (values: IntColumn) => IntColumn = (v) => v): IntColumn {
  let kept = classes.get(problem);
  if (!kept) {
    kept = narrow(classesOf(problem.sections.shiftLocation, problem.shiftIds.length));
    classes.set(problem, kept);
  }
  return kept;
}

function classesOf(location: IntColumn, shifts: number): Int32Array {
  const out = new Int32Array(shifts).fill(-1);
  if (location.length < 2 * shifts) return out;
  const ids = new Map<number, Map<number, number>>();
  let next = 0;
  for (let s = 0; s < shifts; s++) {
    const lat = location[2 * s], lon = location[2 * s + 1];
    if (lat === LOCATION_NONE) continue;
    let row = ids.get(lat);
    if (!row) ids.set(lat, (row = new Map()));
    let id = row.get(lon);
    if (id === undefined) row.set(lon, (id = next++));
    out[s] = id;
  }
  return out;
}
