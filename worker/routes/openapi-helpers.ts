/** Small builders that keep the route tables short: response entries and common parameters. */
import { z } from "@hono/zod-openapi";
import type { Outcome } from "../../durable-objects/dataset-object";
import { ErrorInfoSchema } from "../../schemas/error";
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
} as const;

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
