/** Small builders that keep the route tables short: response entries and common parameters. */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Outcome } from "../../durable-objects/dataset-object";
import { ErrorInfoSchema, SubmitErrorSchema } from "../../schemas/error";
import { DatasetNameSchema, DatasetTagsSchema } from "../../schemas/solving-request";
import { ApiError } from "../errors";

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const errors = {
  400: json(ErrorInfoSchema, "The request is malformed, violates the schema, or is invalid"),
  401: json(ErrorInfoSchema, "Missing, unknown or expired API key"),
  403: json(ErrorInfoSchema, "The API key lacks the permission this endpoint needs"),
  404: json(ErrorInfoSchema, "No such dataset (or not the caller's)"),
  409: json(ErrorInfoSchema, "Not possible in the dataset's current status"),
  500: json(ErrorInfoSchema, "The service failed to process the request"),
} as const;

/** The 400 of the routes that submit a dataset: `ValidationErrorInfo` for schema and validation errors. */
export const submitError = json(SubmitErrorSchema, "The request is malformed, violates the schema, or is invalid");

type Doc = { paths?: object };
const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

/**
 * Every operation can answer 500 (our own failure) with an `ErrorInfo`, as the reference documents it: added to each
 * operation of the generated document rather than repeated in every route. (429 is documented on every credentialed
 * route by rate-limit.ts.)
 */
export function withInternalError<T extends Doc>(doc: T): T {
  const ref = { $ref: "#/components/schemas/ErrorInfo" };
  for (const item of Object.values(doc.paths ?? {}) as object[]) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method) || !op || typeof op !== "object") continue;
      const responses = ((op as { responses?: Record<string, unknown> }).responses ??= {});
      responses["500"] ??= { description: errors[500].description, content: { "application/json": { schema: ref } } };
    }
  }
  return doc;
}

export const IdParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** `?name=`: bounded like `config.run.name`. */
export const NameQuery = DatasetNameSchema.optional();
/** `?tags=a&tags=b` or `?tags=a`: bounded like `config.run.tags`. */
export const TagsQuery = z.union([z.string(), DatasetTagsSchema]).optional();
export const toList = (tags: string | string[] | undefined): string[] => (tags === undefined ? [] : [tags].flat());

export const BooleanQuery = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

/** A Durable Object's refusal becomes the matching API error. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const code = { 400: "BAD_REQUEST", 404: "NOT_FOUND", 409: "CONFLICT", 410: "GONE" }[outcome.status];
  throw new ApiError(outcome.status, code, outcome.message);
}

/**
 * A 200 whose body is a Durable Object's JSON byte stream (durable-objects/response-stream.ts: README "Request
 * bodies"), passed on as it is made; typed by the caller as its route's JSON response.
 */
export function jsonBody(c: Context, stream: ReadableStream): Response {
  return c.body(stream, 200, { "Content-Type": "application/json" });
}
