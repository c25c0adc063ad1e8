/**
 * What a host keeps of an encoded problem once the core holds it (README "Request bodies": the Durable Object's
 * memory). The core copies every section into its own memory when a session loads (session.ts); the TypeScript side
 * reads only a few of them afterwards (per-employee metrics, justifications: READ_AFTER_LOAD). The others are
 * released: reading one afterwards throws, naming it, so a new reader shows up in the tests instead of reading
 * nothing. The shift times and flags stay, as the problem's own fields.
 */
import type { EncodedProblem } from "./encode";
import { SECTIONS, type SectionName } from "./layout";

/** Sections read after the load (metrics-cost.ts, families/{balance,contracts,local,overlap,travel-gap}). */
const READ_AFTER_LOAD: ReadonlySet<SectionName> = new Set<SectionName>([
  "filtersOff", "filters", "shiftTagsOff", "shiftTags", "rules", "tzShift", "employeeTz", "ruleMinutes", "tzRange",
  "employeeRulesOff", "employeeRules", "overlapGroup", "overlapAllowed", "balanceMembers", "balanceHistory",
  "balanceShifts", "employeeTravel", "travelShifts", "shiftLocation",
  // Also the problem's own fields (shiftStart, ...): releasing them here would free nothing.
  "shiftStart", "shiftEnd", "shiftWorked", "shiftUnassignedWeight", "shiftFlags", "shiftEmployee",
]);

/** Releases the sections nobody reads once the core holds them (see the header). */
export function releaseLoadedSections(problem: EncodedProblem): void {
  for (const name of SECTIONS) {
    if (READ_AFTER_LOAD.has(name)) continue;
    Object.defineProperty(problem.sections, name, {
      get() {
        throw new Error(`Section '${name}' was released once the core held it (solver/loaded-problem.ts): add it to READ_AFTER_LOAD to read it.`);
      },
      enumerable: true,
      configurable: true,
    });
  }
}
