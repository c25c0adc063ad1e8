/** Patch request (body of POST <root>/{id}/from-patch, spec §2.5). */
import { z } from "@hono/zod-openapi";
import { ModelConfigurationSchema } from "./solving-request";

export const PatchOperationSchema = z
  .strictObject({
    op: z.enum(["add", "remove", "replace"]),
    path: z.string().min(1).openapi({ example: "/shifts[id=2027-02-01-nurse-06-1]/pinned" }),
    value: z.unknown().optional(),
  })
  .openapi("ModelInputPatch");

export const PatchRequestSchema = z
  .strictObject({
    config: ModelConfigurationSchema.nullable().optional(),
    patch: z.array(PatchOperationSchema),
  })
  .openapi("ModelInputPatchRequest");
export type PatchRequest = z.infer<typeof PatchRequestSchema>;
