/**
 * Validation of a schedule opened from a local file: the API's own zod schema (schemas/, the single source of
 * truth) and its semantic checks (model/validation.ts). Loaded on demand (a separate chunk), since zod is most of
 * its weight and only this path needs it.
 */
import { validateModelInput } from "../../../model/validation";
import { ModelInputSchema } from "../../../schemas/model-input";
import { SolvingRequestSchema, type SolvingRequest } from "../../../schemas/solving-request";

export interface Checked {
  request: SolvingRequest;
  warnings: string[];
}

export class InvalidScheduleError extends Error {
  constructor(readonly problems: string[]) {
    super(`The file is not a valid schedule: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ""}`);
    this.name = "InvalidScheduleError";
  }
}

function issuePath(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "");
}

/** A solving request ({config?, modelInput}) or a bare model input ({employees, shifts}). */
export function checkSchedule(json: unknown): Checked {
  const isRequest = typeof json === "object" && json !== null && "modelInput" in json;
  const parsed = isRequest
    ? SolvingRequestSchema.safeParse(json)
    : ModelInputSchema.safeParse(json).success
      ? SolvingRequestSchema.safeParse({ modelInput: json })
      : ModelInputSchema.safeParse(json);
  if (!parsed.success) {
    throw new InvalidScheduleError(parsed.error.issues.map((i) => `${issuePath(i.path) || "(root)"}: ${i.message}`));
  }
  const request = parsed.data as SolvingRequest;
  const issues = validateModelInput(request.modelInput);
  const errors = issues.filter((i) => i.severity === "ERROR").map((i) => i.message);
  if (errors.length > 0) throw new InvalidScheduleError(errors);
  return { request, warnings: issues.filter((i) => i.severity === "WARNING").map((i) => i.message) };
}
