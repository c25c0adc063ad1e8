/**
 * One error type and one error body for the whole API (STYLE.md; reference `ErrorInfo`).
 * Handlers and middleware throw `ApiError`; `onError` turns anything thrown into `{id, code, message, details}`.
 * `details` is one string (the problems one per line, reference `ErrorInfo`), except for the 400 of the routes marked
 * with `badRequestShape`. Client mistakes are always 4xx; only our
 * own failures become 500.
 */
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ErrorInfo, ValidationErrorInfo } from "../schemas/error";
import type { ValidationResult } from "../schemas/metadata";
import { SecretsKeyMissingError } from "../platform/crypto";
import type { AppEnv } from "./auth";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string[] = [],
    /** Response headers that go with the error, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  static notFound(what: string): ApiError {
    return new ApiError(404, "NOT_FOUND", `${what} not found.`);
  }
}

export function errorBody(code: string, message: string, details: string[] = []): ErrorInfo {
  return { id: crypto.randomUUID(), code, message, details: details.join("\n") };
}

/**
 * The 400 body a route documents, when it is not `ErrorInfo`: `list` is the reference `ValidationErrorInfo` (the
 * dataset-submitting routes), `legacyValidation` the reference `LegacyValidationResult` (POST <root>/score-analysis).
 */
export type BadRequestShape = "list" | "legacyValidation";

/** Marks a route whose 400 body is not `ErrorInfo` (see `BadRequestShape`). */
export const badRequestShape =
  (shape: BadRequestShape): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set("badRequestShape", shape);
    await next();
  };

function badRequestBody(shape: BadRequestShape, code: string, message: string, details: string[]) {
  if (shape === "list") return { id: crypto.randomUUID(), code, message, details } satisfies ValidationErrorInfo;
  return { summary: "ERRORS", errors: details.length > 0 ? details : [message], warnings: [] } satisfies ValidationResult;
}

/** `modelInput.shifts[3].start: must be ...`: one line per issue, each naming the field path. */
export function describeZodError(error: ZodError, root = ""): string[] {
  return error.issues.map((issue) => {
    let path = root;
    for (const key of issue.path) {
      path += typeof key === "number" ? `[${key}]` : path ? `.${String(key)}` : String(key);
    }
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((k) => `${path ? `${path}.` : ""}${k}: unknown field`).join("; ");
    }
    return `${path || "(body)"}: ${issue.message}`;
  });
}

export function handleError(err: unknown, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) {
    const shape = c.get("badRequestShape");
    if (err.status === 400 && shape) return c.json(badRequestBody(shape, err.code, err.message, err.details), 400, err.headers);
    return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  }
  if (err instanceof SecretsKeyMissingError) return c.json(errorBody("SECRETS_KEY_MISSING", err.message), 500);
  if (err instanceof HTTPException && err.status < 500) {
    // Thrown by Hono's own validators, e.g. "Malformed JSON in request body".
    const code = err.status === 400 ? "BAD_REQUEST" : `HTTP_${err.status}`;
    const shape = c.get("badRequestShape");
    if (err.status === 400 && shape) return c.json(badRequestBody(shape, code, err.message || "Bad request.", []), 400);
    return c.json(errorBody(code, err.message || "Bad request."), err.status);
  }
  console.error("Unhandled error", err);
  return c.json(errorBody("INTERNAL_ERROR", "The service failed to process the request."), 500);
}
