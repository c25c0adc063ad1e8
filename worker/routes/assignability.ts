/**
 * Assignability analysis of a dataset's best (or final) solution (reference operations `assignability-analysis` and
 * its details): which employees could take each shift and, for the others, the hard rules that stop them. Computed
 * in the dataset's Durable Object by solver/assignability.ts; a report page is bounded (README "Assignability analysis").
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { AssignabilityDetailSchema, AssignabilityReportSchema } from "../../schemas/assignability";
import type { AppEnv } from "../auth";
import { callerDataset } from "../datasets";
import { errors, IdParams, json, unwrap } from "./openapi-helpers";

const TAG = ["Employee Shift Schedule"];

export function registerAssignabilityRoutes(app: OpenAPIHono<AppEnv>, root: string): void {
  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}/assignability-analysis`,
      summary: "Which employees could take each unassigned shift (or every shift), one bounded page at a time",
      tags: TAG,
      request: {
        params: IdParams,
        query: z.strictObject({
          unassignedOnly: z
            .enum(["true", "false"])
            .default("true")
            .transform((v) => v === "true")
            .openapi({ description: "Only shifts without an employee (default), or every shift that is not pinned." }),
          page: z.coerce.number().int().min(0).default(0).openapi({ description: "Page of shifts, in input order (an extension of the reference)." }),
          size: z.coerce
            .number()
            .int()
            .min(1)
            .optional()
            .openapi({ description: "Shifts per page (an extension of the reference); default and maximum: 10,000 evaluations / employees." }),
        }),
      },
      responses: {
        200: {
          ...json(AssignabilityReportSchema, "The page's report; the X-Total-Count header counts every shift the report covers"),
          headers: z.object({ "X-Total-Count": z.string(), "X-Page-Size": z.string() }),
        },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { unassignedOnly, page, size } = c.req.valid("query");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      const { report, total, size: pageSize } = unwrap(await dataset.getAssignabilityReport(unassignedOnly, page, size));
      return c.json(report, 200, { "X-Total-Count": String(total), "X-Page-Size": String(pageSize) });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/{id}/assignability-analysis/details/{shiftId}`,
      summary: "Every employee evaluated for one shift: valid, or the hard rules it would break",
      tags: TAG,
      request: { params: IdParams.extend({ shiftId: z.string().openapi({ param: { name: "shiftId", in: "path" } }) }) },
      responses: {
        200: json(AssignabilityDetailSchema, "The shift's analysis"),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id, shiftId } = c.req.valid("param");
      const dataset = await callerDataset(c.env, c.get("caller"), id);
      return c.json(unwrap(await dataset.getAssignabilityDetail(shiftId)), 200);
    },
  );
}
