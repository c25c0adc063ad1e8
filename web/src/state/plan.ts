/**
 * A plan: one schedule opened in the planner, as stored in IndexedDB. The solving request's `modelInput.shifts`
 * carry the working state (`employee`, `pinned`); `base` keeps each shift's state as it was opened, the reference a
 * patch is computed against when the plan goes back to the dataset it came from (spec §2.5).
 */
import type { ModelInput } from "../../../schemas/model-input";
import type { SolvingRequest } from "../../../schemas/solving-request";
import type { PatchOperation } from "../../../model/patch";

export type PlanSource =
  | { kind: "demo"; demoId: string }
  | { kind: "file"; fileName: string }
  | { kind: "api"; baseUrl: string; datasetId: string };

export interface ShiftState {
  employee: string | null;
  pinned: boolean;
}

export interface SentRecord {
  datasetId: string;
  kind: "new" | "patch";
  at: string;
}

export interface Plan {
  /** Local id (IndexedDB key). */
  id: string;
  name: string;
  source: PlanSource;
  request: SolvingRequest;
  base: ShiftState[];
  /** Score of the working state when last saved, e.g. "0hard/-20medium/-3soft". */
  score: string | null;
  updatedAt: string;
  sent: SentRecord[];
}

export function shiftStates(input: ModelInput): ShiftState[] {
  return input.shifts.map((s) => ({ employee: s.employee ?? null, pinned: s.pinned === true }));
}

export function newPlanId(): string {
  return crypto.randomUUID();
}

export function createPlan(name: string, source: PlanSource, request: SolvingRequest): Plan {
  return {
    id: newPlanId(),
    name,
    source,
    request: structuredClone(request),
    base: shiftStates(request.modelInput),
    score: null,
    updatedAt: new Date().toISOString(),
    sent: [],
  };
}

/** The model input with every shift's `employee` and `pinned` set from `states` (same order as the shifts). */
export function inputWithStates(input: ModelInput, states: readonly ShiftState[]): ModelInput {
  return {
    ...input,
    shifts: input.shifts.map((shift, i) => {
      const { employee: _e, pinned: _p, ...rest } = shift;
      const state = states[i];
      return {
        ...rest,
        ...(state.employee !== null ? { employee: state.employee } : {}),
        ...(state.pinned ? { pinned: true } : {}),
      };
    }),
  };
}

/** A path to a shift member: by id where the path grammar can express it (no ']' in the id), else by position. */
function shiftPath(input: ModelInput, index: number, member: string): string {
  const id = input.shifts[index].id;
  return /[\]]/.test(id) ? `/shifts/${index}/${member}` : `/shifts[id=${id}]/${member}`;
}

/**
 * The patch that turns the dataset the plan came from (its solved input, which holds `employee` exactly on the
 * assigned shifts) into the plan's working state: employee changes and pin changes only.
 */
export function patchOperations(plan: Plan): PatchOperation[] {
  const input = plan.request.modelInput;
  const ops: PatchOperation[] = [];
  input.shifts.forEach((shift, i) => {
    const base = plan.base[i];
    const employee = shift.employee ?? null;
    if (employee !== base.employee) {
      const path = shiftPath(input, i, "employee");
      if (employee === null) ops.push({ op: "remove", path });
      else ops.push({ op: base.employee === null ? "add" : "replace", path, value: employee });
    }
    const pinned = shift.pinned === true;
    // `add` sets an object member whether or not it exists (RFC 6902 §4.1).
    if (pinned !== base.pinned) ops.push({ op: "add", path: shiftPath(input, i, "pinned"), value: pinned });
  });
  return ops;
}
