/**
 * The one list of what the model input schema accepts but no constraint scores (yet). Validation turns each use into
 * a WARNING naming it (UNSCORED_FIELD), so a request never has a rule silently ignored; the README table "Accepted,
 * not scored" is rendered from here (a test compares them); `UNSCORED_FIELDS` is the contract part by rule family.
 * Every one of the reference's weight overrides has its constraint (test/node/unscored.test.ts checks it), so none
 * is listed here.
 *
 * Audit basis: every property of the reference `EmployeeSchedule` and the schemas it reaches, checked against the
 * encoders (solver/encode*.ts, solver/shift-generation.ts). Not listed because they are documented as having no
 * effect in the reference itself: `weight` of unavailable and available time spans ("only used for soft
 * constraints"), and the absence mode of rolling window limits other than minutes worked (their own warnings,
 * ROLLING_WINDOW_RULE_*_WITH_ABSENCE_AWARE).
 */
import type { ModelInput } from "../schemas/model-input";

export interface UnscoredField {
  /** Where the field sits in `modelInput`; `[]` steps into every member of a list. */
  path: string;
  /** Only these values are unscored (the others are scored). */
  only?: readonly (string | boolean)[];
  /** Values that change nothing (the reference default): using them is not reported. */
  except?: readonly (string | boolean)[];
}

/**
 * Empty: every field of the reference model input is scored (test/node/unscored.test.ts sends one request using them
 * all). A field accepted before its constraint exists goes here, e.g. `{ path: "contracts[].priority", except: ["10"] }`
 * (its uses of values other than "10" are warned about).
 */
export const UNSCORED: readonly UnscoredField[] = [];

/** The contract part per rule family ("contract" for the contract's own fields), as the README's contract rules section lists it. */
export const UNSCORED_FIELDS: Record<string, readonly string[]> = (() => {
  const byFamily: Record<string, string[]> = {};
  for (const f of UNSCORED) {
    const m = /^contracts\[\]\.(?:(\w+)\[\]\.)?(.+)$/.exec(f.path);
    if (!m) continue;
    (byFamily[m[1] ?? "contract"] ??= []).push(f.only ? `${m[2]} ${f.only.join(", ")}` : m[2]);
  }
  return byFamily;
})();

/** One unscored field as a request uses it. */
export interface UnscoredUse {
  /** The field's path: members of `contracts` and rule lists by id (`contracts[id=FT].periodRules[id=P1]...`), members of the large lists (`employees`, `shifts`, `shiftGroups`) as `[]`. */
  field: string;
  /** How many times the request uses it under that path (a list: its members). */
  count: number;
  /** Up to 3 concrete uses, for paths through the large lists. */
  examples?: string[];
  /** The value, when only some values are unscored. */
  value?: unknown;
  /** The ids of the members of a whole unscored list: its rules, or shift groups (at most 20). */
  ids?: string[];
}

/** Lists long enough that one warning per member would drown the rest: their members are summarized. */
const SUMMARIZED = new Set(["employees", "shifts", "shiftGroups"]);
const MAX_EXAMPLES = 3;
/** Ids named per warning about a whole list (its count says how many there are). */
const MAX_IDS = 20;

function idOf(member: unknown): string | undefined {
  const id = member !== null && typeof member === "object" ? (member as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

function isUsed(v: unknown, f: UnscoredField): boolean {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  if (f.only) return f.only.includes(v as string | boolean);
  if (f.except) return !f.except.includes(v as string | boolean);
  return true;
}

/**
 * The unscored fields a request uses, gathered from the input and, one at a time, from its shifts: the Worker reads
 * the shifts of a submission as a stream (README "Request bodies") and keeps none of them.
 */
export class UnscoredTally {
  /** Per entry of the list, its uses by field path, in input order. */
  private readonly byField: Array<Map<string, UnscoredUse>>;
  private readonly steps: string[][];

  /** @param list the fields to look for: UNSCORED (tests pass their own). */
  constructor(private readonly list: readonly UnscoredField[] = UNSCORED) {
    this.byField = list.map(() => new Map());
    this.steps = list.map((f) => f.path.split("."));
  }

  /** The fields under `input` (its `shifts` too: leave them out of `input` when they come through `addShift`). */
  addInput(input: ModelInput): void {
    this.list.forEach((_, i) => this.visit(i, input, 0, "", "", false));
  }

  /** The fields of the shift at `index` of `modelInput.shifts`. */
  addShift(shift: unknown, index: number): void {
    const label = `shifts${labelOf(shift, index)}`;
    this.steps.forEach((steps, i) => {
      if (steps[0] === "shifts[]") this.visit(i, shift, 1, "shifts[]", label, true);
    });
  }

  /** One entry per path, in the order of the list, then input order. */
  uses(): UnscoredUse[] {
    return this.byField.flatMap((uses) => [...uses.values()]);
  }

  private visit(f: number, node: unknown, i: number, field: string, example: string, summarized: boolean): void {
    if (node === null || typeof node !== "object") return;
    const steps = this.steps[f];
    const step = steps[i];
    const list = step.endsWith("[]");
    const name = list ? step.slice(0, -2) : step;
    const value = (node as Record<string, unknown>)[name];
    const at = (p: string) => (p ? `${p}.${name}` : name);
    if (!list) {
      if (i < steps.length - 1) return this.visit(f, value, i + 1, at(field), at(example), summarized);
      if (!isUsed(value, this.list[f])) return;
      const key = at(field);
      const uses = this.byField[f];
      const use = uses.get(key) ?? { field: key, count: 0 };
      use.count += Array.isArray(value) ? value.length : 1;
      if (summarized) {
        use.examples ??= [];
        if (use.examples.length < MAX_EXAMPLES) use.examples.push(at(example));
      }
      if (this.list[f].only || this.list[f].except) use.value = value;
      const ids = Array.isArray(value) ? value.map(idOf).filter((id): id is string => id !== undefined) : [];
      if (ids.length > 0) use.ids = ids.slice(0, MAX_IDS);
      uses.set(key, use);
      return;
    }
    if (!Array.isArray(value)) return;
    const summarize = summarized || SUMMARIZED.has(name);
    value.forEach((member, k) => {
      const label = labelOf(member, k);
      this.visit(f, member, i + 1, at(field) + (summarize ? "[]" : label), at(example) + label, summarize);
    });
  }
}

/** `[id=X]` for a member with an id, else its position `[k]`. */
function labelOf(member: unknown, k: number): string {
  const id = idOf(member);
  return id !== undefined ? `[id=${id}]` : `[${k}]`;
}

/** Every unscored field the input uses, one entry per path (in list order of UNSCORED, then input order). */
export function unscoredFieldsUsed(input: ModelInput): UnscoredUse[] {
  const tally = new UnscoredTally();
  tally.addInput(input);
  return tally.uses();
}

/** The README's table of the above (README "Accepted, not scored"; test/node/unscored.test.ts keeps them equal). */
export function unscoredMarkdown(list: readonly UnscoredField[] = UNSCORED): string {
  if (list.length === 0) return "None: every field of the reference model input is scored (warning UNSCORED_FIELD: never).";
  const rows = list.map((f) => {
    const values = f.only ? f.only.map((v) => `\`${String(v)}\``).join(", ") : f.except ? `any but \`${f.except.join("`, `")}\`` : "any";
    return `| \`${f.path}\` | ${values} |`;
  });
  return ["| field of `modelInput` (warning UNSCORED_FIELD) | values not scored |", "|---|---|", ...rows].join("\n");
}
