/** Assignability analysis (reference `AssignabilityReport`, `AssignabilitySummary`, `AssignabilityDetail`, `AssignmentAnalysis`). */
import { z } from "@hono/zod-openapi";

export const AssignabilitySummarySchema = z
  .strictObject({
    entityId: z.string().openapi({ description: "The shift's id." }),
    validAssignments: z.number().int().openapi({ description: "Employees who can take the shift without breaking a hard rule." }),
    totalValues: z.number().int().openapi({ description: "Employees considered." }),
  })
  .openapi("AssignabilitySummary");

export const AssignabilityReportSchema = z
  .strictObject({
    totalAnalyzed: z.number().int().openapi({ description: "Shifts analyzed in this page." }),
    totalUnassignable: z.number().int().openapi({ description: "Of those, shifts no employee can take without breaking a hard rule." }),
    totalAssignable: z.number().int().openapi({ description: "Of those, shifts at least one employee can take." }),
    unassignable: z.array(AssignabilitySummarySchema),
    assignable: z.array(AssignabilitySummarySchema),
  })
  .openapi("AssignabilityReport");
export type AssignabilityReport = z.infer<typeof AssignabilityReportSchema>;

export const AssignmentAnalysisSchema = z
  .strictObject({
    value: z.string().openapi({ description: "The employee's id." }),
    assignmentFailures: z
      .array(z.string())
      .openapi({ description: "One entry per hard rule the assignment breaks, with its score change and match count change; empty when valid." }),
  })
  .openapi("AssignmentAnalysis");

export const AssignabilityDetailSchema = z
  .strictObject({
    shift: z.string().openapi({ description: "The shift's id." }),
    validAssignments: z.number().int(),
    totalValues: z.number().int(),
    assignments: z.array(AssignmentAnalysisSchema).openapi({ description: "Every employee, in the input order." }),
  })
  .openapi("AssignabilityDetail");
export type AssignabilityDetail = z.infer<typeof AssignabilityDetailSchema>;
