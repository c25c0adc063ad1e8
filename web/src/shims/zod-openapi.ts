/**
 * Browser stand-in for `@hono/zod-openapi` (aliased by web/build.mjs): the schemas in schemas/ only need its `z`
 * and the `.openapi(...)` annotations, which describe the OpenAPI document and do nothing for validation. Plain
 * zod with a no-op `.openapi` validates exactly the same, without bundling the OpenAPI generator.
 */
import { z } from "zod";

const proto = z.ZodType.prototype as unknown as { openapi?: (...args: unknown[]) => unknown };
if (!proto.openapi) {
  proto.openapi = function openapi(this: unknown) {
    return this;
  };
}

export { z };
