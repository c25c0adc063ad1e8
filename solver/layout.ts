/**
 * The TypeScript side of the binary layout shared with the Wasm core; assembly/layout.ts holds the drawings and is
 * the reference. A build whose `layoutVersion()` differs from LAYOUT_VERSION is refused at load.
 */

export const LAYOUT_VERSION = 1;

export const HEADER_WORDS = 8;
export const H_VERSION = 0;
export const H_SHIFTS = 1;
export const H_EMPLOYEES = 2;
export const H_SKILLS = 3;
export const H_REQUIRED_SKILLS = 4;
export const H_EMPLOYEE_SKILLS = 5;
export const H_UNAVAILABLE = 6;

export const LEVEL_HARD = 0;
export const LEVEL_MEDIUM = 1;
export const LEVEL_SOFT = 2;

export const PHASE_CONSTRUCTION = 0;
export const PHASE_LOCAL_SEARCH = 1;

/** Error codes of the loading entry points (0 = ok). */
export const ERROR_CODES: Record<number, string> = {
  1: "layout version mismatch",
  2: "size mismatch",
  3: "value out of range",
  4: "call not allowed in this state",
};

export function problemWords(s: number, e: number, r: number, q: number, u: number): number {
  return HEADER_WORDS + 5 * s + (s + 1) + r + (e + 1) + q + (e + 1) + 2 * u;
}
