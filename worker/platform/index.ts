/**
 * The platform API under /api/platform/v1 (tenant administration), in the conventions of the reference platform API
 * (timefold-platform-api-1.12.3.json): `page`/`size` pagination, one error body, 403 for a caller without the right,
 * 404 for anything outside the caller's tenant. Every call needs a tenant administrator (`requirePlatformAdmin`, registered in app.ts before request bodies are read).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../auth";
import { registerApiKeyRoutes } from "./api-keys";
import { registerAuditLogRoutes } from "./audit-log";
import { PLATFORM_BASE } from "./common";
import { registerConfigurationRoutes } from "./configurations";
import { registerMemberRoutes } from "./members";
import { registerSecretRoutes } from "./secrets";
import { registerSolveQueueRoutes } from "./solve-queue";
import { registerTenantRoutes } from "./tenants";
import { registerWebhookRoutes } from "./webhooks";

export { PLATFORM_BASE };

export function registerPlatformRoutes(app: OpenAPIHono<AppEnv>): void {
  registerTenantRoutes(app);
  registerMemberRoutes(app);
  registerApiKeyRoutes(app);
  registerSecretRoutes(app);
  registerWebhookRoutes(app);
  registerAuditLogRoutes(app);
  registerConfigurationRoutes(app);
  registerSolveQueueRoutes(app);
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    description: "Personal access token of a tenant administrator (the bootstrap key also works)",
  });
}
