/**
 * The HTTP API (Hono). Routes are data (`createRoute`) validated by zod schemas from schemas/, so the OpenAPI
 * document served at OPENAPI_PATH is generated from the same source as validation.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { requireApiKey, requirePlatformAdmin, type AppEnv } from "./auth";
import { apiCors } from "./cors";
import { ApiError, badRequestShape, describeZodError, errorBody, handleError } from "./errors";
import { requireModelPermission } from "./permissions";
import { PLATFORM_BASE, registerPlatformRoutes } from "./platform";
import { documentRateLimit } from "./rate-limit";
import { registerAboutMeRoutes } from "./routes/aboutme";
import { registerAssignabilityRoutes } from "./routes/assignability";
import { registerComputationRoutes } from "./routes/computations";
import { registerDemoDataRoutes } from "./routes/demo-data";
import { registerLogRoutes } from "./routes/logs";
import { registerRevisionRoutes } from "./routes/revisions";
import { registerScheduleRoutes } from "./routes/schedules";
import { withInternalError } from "./routes/openapi-helpers";
import { apiSecurityHeaders } from "./security-headers";
import { decodeRequestBody, streamsBody } from "./transport";

export const MODEL_BASE = "/api/models/employee-scheduling/v1";
export const ROOT = `${MODEL_BASE}/schedules`;
export const OPENAPI_PATH = "/api/openapi.json";

function notAllowed(c: Context, methods: string[]): Response {
  const body = errorBody("METHOD_NOT_ALLOWED", `${c.req.method} is not allowed on ${c.req.path}; allowed: ${methods.join(", ")}.`);
  return c.json(body, 405, { Allow: methods.join(", ") });
}

export function createApp(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    // Every schema violation becomes one 400 whose details name each offending field path.
    defaultHook: (result) => {
      if (!result.success) {
        const root = result.target === "json" ? "" : `${result.target}.`;
        throw new ApiError(
          400,
          "VALIDATION_ERROR",
          `The request ${result.target === "json" ? "body" : result.target} does not match the schema.`,
          describeZodError(result.error, root.replace(/\.$/, "")),
        );
      }
    },
  });

  app.onError(handleError);
  app.notFound((c) => c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`), 404));

  // The 400 bodies the reference documents for these routes (README "The API"): set first, so that a body the reader
  // refuses (malformed JSON, too deep) is answered in the same shape as a schema violation.
  app.on("POST", `${ROOT}/score-analysis`, badRequestShape("legacyValidation"));
  for (const path of [ROOT, ...["from-patch", "from-patch/", "from-input", "new-run"].map((sub) => `${ROOT}/:id/${sub}`)]) {
    app.on("POST", path, badRequestShape("list"));
  }
  app.on("POST", ROOT, streamsBody); // a submitted dataset is read as a stream (ingest.ts)
  app.use("/api/*", apiSecurityHeaders);
  app.use("/api/*", apiCors); // answers preflights before 405 and before authentication
  app.use(methodNotAllowed({ app, onMethodNotAllowed: notAllowed }));
  // Responses are compressed by the runtime per Accept-Encoding (workerd and Cloudflare's edge): a compress middleware
  // here would make workerd encode an already-encoded body a second time.
  app.use("/api/models/*", requireApiKey);
  app.use("/api/models/*", requireModelPermission(app)); // spec §4 permission table and model scope
  app.use(`${PLATFORM_BASE}/*`, requirePlatformAdmin);
  // After every authentication: a body is read only for a caller who is known (transport.ts).
  app.use("/api/*", decodeRequestBody);
  // Static paths before `/{id}` ones: `/schedules/score-analysis` must not be read as a dataset id.
  registerComputationRoutes(app, ROOT);
  registerScheduleRoutes(app, ROOT);
  registerAssignabilityRoutes(app, ROOT);
  registerLogRoutes(app, ROOT);
  registerRevisionRoutes(app, ROOT);
  registerDemoDataRoutes(app, MODEL_BASE);
  registerAboutMeRoutes(app);
  registerPlatformRoutes(app);

  documentRateLimit(app);
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-KEY",
  });
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Rota employee shift scheduling API",
      version: "1.31.0",
      description: "Solve, replan and explain employee shift schedules.",
    },
    security: [{ ApiKey: [] }],
  };
  app.get(OPENAPI_PATH, (c) => c.json(withInternalError(app.getOpenAPI31Document(document))));
  return app;
}
