/** Machine-readable validation results and issue types (spec §2.4). */
import { z } from "@hono/zod-openapi";

export const ValidationIssueSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    severity: z.enum(["ERROR", "WARNING"]),
    detail: z.record(z.string(), z.unknown()),
  })
  .openapi("ValidationIssue");

export const ValidationResultDetailSchema = z
  .object({
    status: z.enum(["OK", "WARNINGS", "ERRORS", "VALIDATION_NOT_SUPPORTED"]),
    issues: z.array(ValidationIssueSchema),
  })
  .openapi("ValidationResultDetail");

export const IssueTypeSchema = z
  .object({
    code: z.string(),
    severity: z.enum(["ERROR", "WARNING"]),
    metadata: z.array(z.object({ type: z.literal("message"), message: z.string() })),
  })
  .openapi("IssueType");

export const ValidationIssueTypesSchema = z
  .object({ issueTypes: z.array(IssueTypeSchema) })
  .openapi("ValidationIssueTypes");
