/** The one error body of the whole API (reference `ErrorInfo` / `ValidationErrorInfo`). */
import { z } from "@hono/zod-openapi";

export const ErrorInfoSchema = z
  .object({
    id: z.string().openapi({ description: "Unique id of this error occurrence, for support." }),
    code: z.string().openapi({ example: "VALIDATION_ERROR" }),
    message: z.string(),
    details: z
      .array(z.string())
      .openapi({ description: "One entry per problem, each naming the offending field path." }),
  })
  .openapi("ErrorInfo");
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;
