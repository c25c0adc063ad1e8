/**
 * The tags of each shift as a set, for the encoders and explanations that test tag filters (`tagsMatch`, encode.ts).
 * Shifts with the same tags in the same order share one set (read only): a dataset has a few tag lists for its
 * 400,000 shifts, so this costs an array slot a shift instead of a set a shift (README "Request bodies": the
 * encoder's peak).
 */
import type { Shift } from "../schemas/model-input";

export function shiftTagSets(shifts: readonly Shift[]): ReadonlySet<string>[] {
  const byTags = new Map<string, ReadonlySet<string>>();
  return shifts.map((s) => {
    const tags = s.tags ?? [];
    const key = JSON.stringify(tags);
    let set = byTags.get(key);
    if (!set) byTags.set(key, (set = new Set(tags)));
    return set;
  });
}
