/**
 * The error bodies of the API, as the reference documents them: `ErrorInfo` (details one string) everywhere, and
 * `ValidationErrorInfo` (details a list) for the 400 of the routes that submit a dataset (POST <root>, from-input,
 * from-patch, new-run), whose reference 400 is `oneOf [ErrorInfo, ValidationErrorInfo]`.
 */
import { z } from "@hono/zod-openapi";

const common = {
  id: z.string().openapi({ description: "Unique id of this error occurrence, for support." }),
  code: z.string().openapi({ example: "VALIDATION_ERROR" }),
  message: z.string(),
};

export const ErrorInfoSchema = z
  .object({
    ...common,
    details: z.string().openapi({ description: "The problems, one per line, each naming the offending field path (empty when there is nothing to add to the message)." }),
  })
  .openapi("ErrorInfo");
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

export const ValidationErrorInfoSchema = z
  .object({
    ...common,
    details: z.array(z.string()).openapi({ description: "One entry per problem, each naming the offending field path." }),
  })
  .openapi("ValidationErrorInfo");
export type ValidationErrorInfo = z.infer<typeof ValidationErrorInfoSchema>;

export const SubmitErrorSchema = z.union([ErrorInfoSchema, ValidationErrorInfoSchema]).openapi({ description: "ValidationErrorInfo for schema and validation errors of the request, ErrorInfo otherwise" });

