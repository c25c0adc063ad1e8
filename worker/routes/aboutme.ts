/** GET /api/aboutme (spec §2.9, §5.5): who the presented credential is. 401 when it is missing, unknown or expired. */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { ErrorInfoSchema } from "../../schemas/error";
import { requireApiKey, type AppEnv } from "../auth";
import { ApiError } from "../errors";
import { OPERATIONS } from "../permissions";

export const ABOUTME_PATH = "/api/aboutme";

const AboutMeSchema = z
  .object({
    name: z.string().openapi({ description: "The API key name (or the member's name for an access token)" }),
    email: z.string().nullable(),
    tenants: z.array(
      z.object({ id: z.string(), name: z.string(), role: z.string().nullable(), plan: z.string(), group: z.string().nullable() }),
    ),
    role: z.string().nullable(),
    selfRegistered: z.boolean(),
    permissions: z.array(
      z.object({
        resource: z.enum(["MODEL", "EXPERIMENT"]),
        operations: z.array(z.enum(OPERATIONS)),
        models: z.array(z.string()).nullable().openapi({ description: "Rota: the key's model scope; null = all models" }),
      }),
    ),
  })
  .openapi("AboutMe");

export function registerAboutMeRoutes(app: OpenAPIHono<AppEnv>): void {
  app.use(ABOUTME_PATH, requireApiKey);
  app.openapi(
    createRoute({
      method: "get",
      path: ABOUTME_PATH,
      summary: "The caller's identity: key name, tenant with plan, permissions",
      tags: ["Identity"],
      responses: {
        200: { description: "Caller identity", content: { "application/json": { schema: AboutMeSchema } } },
        401: { description: "Missing, unknown or expired key", content: { "application/json": { schema: ErrorInfoSchema } } },
      },
    }),
    async (c) => {
      const caller = c.get("caller");
      const tenant = await c.env.DB.prepare(`SELECT id, name, plan, tenant_group FROM tenants WHERE id = ?`)
        .bind(caller.tenantId)
        .first<{ id: string; name: string; plan: string; tenant_group: string | null }>();
      if (!tenant) throw new ApiError(401, "UNAUTHORIZED", "The key's tenant no longer exists.");
      return c.json(
        {
          name: caller.kind === "ACCESS_TOKEN" ? (caller.memberName ?? caller.keyName) : caller.keyName,
          email: caller.email,
          tenants: [{ id: tenant.id, name: tenant.name, role: caller.role, plan: tenant.plan, group: tenant.tenant_group }],
          role: caller.role,
          selfRegistered: false,
          permissions: caller.permissions.length
            ? [{ resource: "MODEL" as const, operations: [...caller.permissions], models: caller.models ? [...caller.models] : null }]
            : [],
        },
        200,
      );
    },
  );
}
