/** Score analysis (GET <root>/{id}/score-analysis, POST <root>/score-analysis; reference `ScoreAnalysisDetail`). */
import { z } from "@hono/zod-openapi";
import { ModelInputSchema } from "./model-input";
import { ConfigOverridesSchema } from "./solving-request";

export const ScoreAnalysisSchema = z
  .object({
    score: z.string(),
    constraints: z.array(
      z.object({
        name: z.string(),
        weight: z.string(),
        score: z.string(),
        matchCount: z.number().int(),
        matches: z.array(z.object({ score: z.string(), justification: z.record(z.string(), z.unknown()) })).optional(),
      }),
    ),
  })
  .openapi("ScoreAnalysisDetail");
export type ScoreAnalysis = z.infer<typeof ScoreAnalysisSchema>;

export const ScoreAnalysisRequestSchema = z
  .strictObject({
    config: z
      .strictObject({ model: z.strictObject({ overrides: ConfigOverridesSchema.nullable().optional() }).nullable().optional() })
      .nullable()
      .optional(),
    modelInput: ModelInputSchema,
  })
  .openapi("ScoreAnalysisRequest");
