/** Dataset metadata, acknowledgement and statuses (spec §2.2, §2.3, §3). */
import { z } from "@hono/zod-openapi";

export const SOLVER_STATUSES = [
  "DATASET_CREATED",
  "DATASET_VALIDATED",
  "DATASET_INVALID",
  "DATASET_COMPUTED",
  "SOLVING_SCHEDULED",
  "SOLVING_STARTED",
  "SOLVING_ACTIVE",
  "SOLVING_COMPLETED",
  "SOLVING_INCOMPLETE",
  "SOLVING_FAILED",
] as const;
export const SolverStatusSchema = z.enum(SOLVER_STATUSES).openapi("SolvingStatus");
export type SolverStatus = z.infer<typeof SolverStatusSchema>;

/** Statuses after which nothing changes any more (no further solution will come). */
export const FINAL_STATUSES: ReadonlySet<SolverStatus> = new Set([
  "DATASET_INVALID",
  "DATASET_COMPUTED",
  "SOLVING_COMPLETED",
  "SOLVING_INCOMPLETE",
  "SOLVING_FAILED",
]);

export const ValidationResultSchema = z
  .object({
    summary: z.enum(["OK", "ERRORS", "WARNINGS", "VALIDATION_NOT_SUPPORTED"]),
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
  })
  .openapi("LegacyValidationResult");
export type ValidationResult = z.infer<typeof ValidationResultSchema>;

export const MetadataSchema = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    originId: z.string(),
    name: z.string(),
    submitDateTime: z.string().optional(),
    startDateTime: z.string().optional(),
    activeDateTime: z.string().optional(),
    completeDateTime: z.string().optional(),
    shutdownDateTime: z.string().optional(),
    solverStatus: SolverStatusSchema,
    score: z.string().nullable(),
    tags: z.array(z.string()),
    validationResult: ValidationResultSchema,
    failureMessage: z.string().nullable().optional(),
  })
  .openapi("Metadata");
export type Metadata = z.infer<typeof MetadataSchema>;

export const AcknowledgementSchema = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    originId: z.string(),
    name: z.string(),
    submitDateTime: z.string(),
    solverStatus: SolverStatusSchema,
    tags: z.array(z.string()),
    validationResult: ValidationResultSchema.optional(),
  })
  .openapi("Acknowledgement");
export type Acknowledgement = z.infer<typeof AcknowledgementSchema>;
