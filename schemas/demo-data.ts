/** Demo dataset list items (reference `DemoMetaData`). */
import { z } from "@hono/zod-openapi";

export const DemoMetaDataSchema = z
  .object({
    id: z.string(),
    shortDescription: z.string(),
    longDescription: z.string(),
    tags: z.array(z.string()),
    config: z.array(z.object({ key: z.string(), value: z.string() })),
  })
  .openapi("DemoMetaData");
export type DemoMetaData = z.infer<typeof DemoMetaDataSchema>;
