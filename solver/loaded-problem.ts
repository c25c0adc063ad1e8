/**
 * What a host keeps of an encoded problem once the core holds it (README "Request bodies": the Durable Object's
 * memory). The core copies every section into its own memory when a session loads (session.ts); the TypeScript side
 * reads only a few of them afterwards (per-employee metrics, justifications: READ_AFTER_LOAD). The others are
 * released: reading one afterwards throws, naming it, so a new reader shows up in the tests instead of reading
 * nothing.
 *
 * A host marks the problem before it creates the session (`releaseOnceLoaded`, as solver/open-session.ts does). Then
 * the session narrows every section and per-shift field before the core allocates its own copy (`beforeLoad`: an
 * Int8Array or Int16Array of the same values when they fit, read by index only; the copy into the core widens them
 * back), and releases what the host no longer reads as soon as it is written into the core's memory: the shift
 * records' fields (the row starts) once written into the records, before the core allocates its other sections
 * (`recordsWritten`), and the rest once every section is written (`sectionsWritten`), before the core derives its
 * indexes from them. So the host's copy is at its smallest while the core's is allocated, and is not held beside
 * the core's records.
 */
import type { EncodedProblem, IntColumn } from "./encode";
import { SECTIONS, type SectionName } from "./layout";
import { locationClasses } from "./shift-locations";

/** Sections read after the load (metrics-cost.ts, families/{balance,contracts,local,overlap,travel-gap}). */
const READ_AFTER_LOAD: ReadonlySet<SectionName> = new Set<SectionName>([
  "filtersOff", "filters", "shiftTagsOff", "shiftTags", "rules", "tzShift", "employeeTz", "ruleMinutes", "tzRange",
  "employeeRulesOff", "employeeRules", "overlapGroup", "overlapAllowed", "balanceMembers", "balanceHistory",
  "balanceShifts", "employeeTravel", "travelShifts",
  // Also the problem's own fields (shiftStart, ...): releasing them here would free nothing.
  "shiftStart", "shiftEnd", "shiftWorked", "shiftUnassignedWeight", "shiftFlags", "shiftEmployee",
]);

/** The problem's per-shift fields and the section each one is, when it is one. */
const FIELDS = [
  ["shiftStart", "shiftStart"], ["shiftEnd", "shiftEnd"], ["shiftWorked", "shiftWorked"], ["shiftWeight", "shiftUnassignedWeight"],
  ["shiftEmployee", "shiftEmployee"], ["shiftPinned", null], ["shiftMandatory", null], ["shiftHistoric", null],
] as const satisfies ReadonlyArray<readonly [keyof EncodedProblem, SectionName | null]>;

/** Marked problems, with what to call just before they are released. */
const marked = new WeakMap<EncodedProblem, (() => void) | undefined>();

/**
 * Has `problem` released once a session has written its sections into the core (see the header); `before` is called
 * just before (the memory figures sample there: both copies of the sections are held then).
 */
export function releaseOnceLoaded(problem: EncodedProblem, before?: () => void): void {
  marked.set(problem, before);
}

/** The core is about to allocate its copy of the sections: a marked problem's are narrowed now (see the header). */
export function beforeLoad(problem: EncodedProblem): void {
  if (!marked.has(problem)) return;
  for (const [field, section] of FIELDS) {
    const kept = narrowed(problem[field]);
    problem[field] = kept;
    if (section) problem.sections[section] = kept;
  }
  for (const name of SECTIONS) problem.sections[name] = narrowed(problem.sections[name]);
}

/**
 * The session has written the shift records' fields (`names`) into the core: a marked problem releases those it no
 * longer reads now, before the core allocates its other sections.
 */
export function recordsWritten(problem: EncodedProblem, names: readonly SectionName[]): void {
  if (marked.has(problem)) releaseLoadedSections(problem, names);
}

/** The session has written every section of `problem` into the core: a marked problem is released now. */
export function sectionsWritten(problem: EncodedProblem): void {
  if (!marked.has(problem)) return;
  const before = marked.get(problem);
  marked.delete(problem);
  before?.();
  // The justifications read the shifts' locations as classes (shift-locations.ts): made now, the section released.
  locationClasses(problem, narrowed);
  releaseLoadedSections(problem, SECTIONS);
}

/** Releases those of `names` nobody reads once the core holds them (see the header). */
function releaseLoadedSections(problem: EncodedProblem, names: readonly SectionName[]): void {
  for (const name of names) {
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

/** `values` in the narrowest of Int8Array, Int16Array and Int32Array that holds them all. */
export function narrowed(values: IntColumn): IntColumn {
  if (!(values instanceof Int32Array)) return values;
  let min = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v < min) min = v;
    else if (v > max) max = v;
  }
  if (min >= -0x80 && max <= 0x7f) return Int8Array.from(values);
  if (min >= -0x8000 && max <= 0x7fff) return Int16Array.from(values);
  return values;
}
