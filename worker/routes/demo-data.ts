/** Demo data (spec §4): outside <root>, under the model's version segment. GET and POST both answer (spec §4 notes). */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { demoSolvingRequest, listDemoData } from "../../demo-data";
import { DemoMetaDataSchema } from "../../schemas/demo-data";
import { ErrorInfoSchema } from "../../schemas/error";
import { ModelInputSchema } from "../../schemas/model-input";
import { SolvingRequestSchema } from "../../schemas/solving-request";
import type { AppEnv } from "../auth";
import { ApiError } from "../errors";

const errors = {
  401: { description: "Missing or unknown API key", content: { "application/json": { schema: ErrorInfoSchema } } },
  404: { description: "Unknown demo dataset", content: { "application/json": { schema: ErrorInfoSchema } } },
};
const DemoIdParams = z.object({ demoDataId: z.string().openapi({ param: { name: "demoDataId", in: "path" } }) });

export function registerDemoDataRoutes(app: OpenAPIHono<AppEnv>, base: string): void {
  for (const method of ["get", "post"] as const) {
    app.openapi(
      createRoute({
        method,
        path: `${base}/demo-data`,
        summary: "List the demo datasets",
        tags: ["Demo data"],
        responses: {
          200: {
            description: "Demo datasets",
            content: { "application/json": { schema: z.array(DemoMetaDataSchema) } },
          },
          401: errors[401],
        },
      }),
      (c) => c.json(listDemoData(), 200),
    );
    app.openapi(
      createRoute({
        method,
        path: `${base}/demo-data/{demoDataId}`,
        summary: "A demo dataset as a full solving request, ready to POST",
        tags: ["Demo data"],
        request: { params: DemoIdParams },
        responses: {
          200: { description: "Solving request", content: { "application/json": { schema: SolvingRequestSchema } } },
          ...errors,
        },
      }),
      (c) => {
        const { demoDataId } = c.req.valid("param");
        const request = demoSolvingRequest(demoDataId);
        if (!request) throw ApiError.notFound(`Demo dataset '${demoDataId}'`);
        return c.json(request, 200);
      },
    );
    app.openapi(
      createRoute({
        method,
        path: `${base}/demo-data/{demoDataId}/input`,
        summary: "Only the modelInput of a demo dataset",
        tags: ["Demo data"],
        request: { params: DemoIdParams },
        responses: {
          200: { description: "Model input", content: { "application/json": { schema: ModelInputSchema } } },
          ...errors,
        },
      }),
      (c) => {
        const { demoDataId } = c.req.valid("param");
        const request = demoSolvingRequest(demoDataId);
        if (!request) throw ApiError.notFound(`Demo dataset '${demoDataId}'`);
        return c.json(request.modelInput, 200);
      },
    );
  }
}
