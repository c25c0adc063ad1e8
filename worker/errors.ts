/**
 * One error type and one error body for the whole API (STYLE.md; reference `ErrorInfo`).
 * Handlers and middleware throw `ApiError`; `onError` turns anything thrown into `{id, code, message, details}`.
 * Client mistakes are always 4xx; only our own failures become 500.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ErrorInfo } from "../schemas/error";

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
  return { id: crypto.randomUUID(), code, message, details };
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

export function handleError(err: unknown, c: Context): Response {
  if (err instanceof ApiError) {
    return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Thrown by Hono's own validators, e.g. "Malformed JSON in request body".
    const code = err.status === 400 ? "BAD_REQUEST" : `HTTP_${err.status}`;
    return c.json(errorBody(code, err.message || "Bad request."), err.status);
  }
  console.error("Unhandled error", err);
  return c.json(errorBody("INTERNAL_ERROR", "The service failed to process the request."), 500);
}
