/** Recommendations (spec §2.8; reference `RecommendEmployees*`). */
import { z } from "@hono/zod-openapi";
import { ModelInputSchema } from "./model-input";
import { ConfigOverridesSchema } from "./solving-request";

export const MAX_BATCH_SHIFTS = 100;

export const RecommendEmployeesInputSchema = z
  .strictObject({
    maxNumberOfRecommendations: z.number().int().min(1),
    fitShiftId: z.string().min(1),
    config: ConfigOverridesSchema.nullable().optional(),
    modelInput: ModelInputSchema,
  })
  .openapi("RecommendEmployeesInput");
export type RecommendEmployeesInput = z.infer<typeof RecommendEmployeesInputSchema>;

export const RecommendEmployeesBatchInputSchema = z
  .strictObject({
    maxNumberOfRecommendations: z.number().int().min(1),
    fitShiftIds: z
      .array(z.string().min(1))
      .min(1)
      .max(MAX_BATCH_SHIFTS)
      .refine((ids) => new Set(ids).size === ids.length, "must not repeat a shift id"),
    config: ConfigOverridesSchema.nullable().optional(),
    modelInput: ModelInputSchema,
  })
  .openapi("RecommendEmployeesBatchInput");
export type RecommendEmployeesBatchInput = z.infer<typeof RecommendEmployeesBatchInputSchema>;

export const MatchDiffSchema = z.object({
  score: z.string(),
  justification: z.record(z.string(), z.unknown()),
});

export const RecommendationConstraintDetailSchema = z
  .object({
    score: z.string(),
    constraintName: z.string(),
    matchCountDiff: z.number().int(),
    matchesDiff: z.array(MatchDiffSchema).optional(),
  })
  .openapi("RecommendationConstraintDetail");

export const RecommendEmployeesFitSchema = z
  .object({
    employeeId: z.string(),
    scoreDiff: z.string(),
    constraintDiffs: z.array(RecommendationConstraintDetailSchema),
  })
  .openapi("RecommendEmployeesFit");
export type RecommendEmployeesFit = z.infer<typeof RecommendEmployeesFitSchema>;

export const RecommendEmployeesResultSchema = z
  .object({ recommendations: z.array(RecommendEmployeesFitSchema) })
  .openapi("RecommendEmployeesResult");

export const RecommendEmployeesBatchPerShiftResultSchema = z
  .object({
    recommendations: z.array(z.object({ shiftId: z.string(), recommendations: z.array(RecommendEmployeesFitSchema) })),
  })
  .openapi("RecommendEmployeesBatchPerShiftResult");

export const RecommendEmployeesBatchGlobalResultSchema = z
  .object({
    recommendations: z.array(z.object({ shiftId: z.string(), recommendation: RecommendEmployeesFitSchema })),
  })
  .openapi("RecommendEmployeesBatchGlobalResult");
