/**
 * Endpoints that compute an answer in the request itself, with the Wasm solver in the Worker, and store nothing:
 * score analysis of a supplied schedule, the validation issue types, and employee recommendations (spec §2.8).
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import rotaWasm from "../../build/rota.wasm";
import { findIssueType, ISSUE_TYPES, summarize, validateModelInput, type IssueType } from "../../model/validation";
import type { ModelInput } from "../../schemas/model-input";
import {
  RecommendEmployeesBatchGlobalResultSchema,
  RecommendEmployeesBatchInputSchema,
  RecommendEmployeesBatchPerShiftResultSchema,
  RecommendEmployeesInputSchema,
  RecommendEmployeesResultSchema,
  type RecommendEmployeesFit,
} from "../../schemas/recommendations";
import { ScoreAnalysisRequestSchema, ScoreAnalysisSchema } from "../../schemas/score-analysis";
import { ValidationResultSchema } from "../../schemas/metadata";
import { ValidationIssueTypesSchema } from "../../schemas/validation";
import { analyzeSession } from "../../solver/analyze";
import { encodeProblem } from "../../solver/encode";
import { submittedAssignment } from "../../solver/output";
import { recommendEmployees, type Recommendation } from "../../solver/recommendations";
import { compareScores, formatScore } from "../../solver/score";
import { SolverSession } from "../../solver/session";
import type { Context } from "hono";
import { ConfigurationIdQuery } from "../../schemas/configuration";
import type { ModelConfiguration } from "../../schemas/solving-request";
import type { AppEnv } from "../auth";
import { configWithProfile } from "../platform/configurations";
import { requireDataset } from "../datasets";
import { ApiError } from "../errors";
import { BooleanQuery, errors, IdParams, json } from "./openapi-helpers";

const TAG = ["Employee Shift Schedule"];
const JustificationsQuery = z.object({ includeJustifications: BooleanQuery, configurationId: ConfigurationIdQuery });

type ConfigOverrides = NonNullable<NonNullable<ModelConfiguration["model"]>["overrides"]>;

/** The request's weights with the named profile's beneath them (model/profile.ts). */
async function weightsWithProfile(c: Context<AppEnv>, weights: ConfigOverrides | null | undefined): Promise<ConfigOverrides | undefined> {
  const query = c.req.query("configurationId");
  const { config } = await configWithProfile(c.env.DB, c.get("caller").tenantId, { model: { overrides: weights } }, query);
  return config?.model?.overrides ?? undefined;
}

function issueTypeBody(t: IssueType) {
  return { code: t.code, severity: t.severity, metadata: [{ type: "message" as const, message: t.message }] };
}

/** Semantic validation for inputs that are computed on, not stored: any ERROR is a 400 naming the problems. */
function requireValidInput(input: ModelInput): void {
  const result = summarize(validateModelInput(input));
  if (result.summary === "ERRORS") {
    throw new ApiError(400, "VALIDATION_ERROR", "The model input is invalid.", result.errors);
  }
}

/**
 * A session holding exactly the input's own assignment (shift.employee), without solving: a solve's warm start may
 * drop submitted assignments that break hard rules, but scores and recommendations are about the schedule as given.
 */
async function sessionOf(input: ModelInput, weights?: Record<string, number> | null): Promise<SolverSession> {
  requireValidInput(input);
  const session = await SolverSession.create(rotaWasm, encodeProblem(input), { weights: weights ?? undefined });
  session.applyAssignment(submittedAssignment(input));
  return session;
}

/** The index of a shift that can take a recommendation: it exists, has no employee and is not pinned. */
function fitShiftIndex(input: ModelInput, shiftId: string, field: string): number {
  const index = input.shifts.findIndex((s) => s.id === shiftId);
  if (index < 0) throw new ApiError(400, "VALIDATION_ERROR", `${field}: no shift '${shiftId}' in modelInput.shifts.`, [`${field}: unknown shift '${shiftId}'`]);
  const shift = input.shifts[index];
  if (shift.employee != null) {
    throw new ApiError(400, "VALIDATION_ERROR", `${field}: shift '${shiftId}' is already assigned to '${shift.employee}'; recommendations are for unassigned shifts.`, [`${field}: shift '${shiftId}' is assigned`]);
  }
  if (shift.pinned) {
    throw new ApiError(400, "VALIDATION_ERROR", `${field}: shift '${shiftId}' is pinned.`, [`${field}: shift '${shiftId}' is pinned`]);
  }
  return index;
}

function toFit(r: Recommendation): RecommendEmployeesFit {
  return { employeeId: r.employeeId, scoreDiff: formatScore(r.scoreDiff), constraintDiffs: r.constraintDiffs };
}

export function registerComputationRoutes(app: OpenAPIHono<AppEnv>, root: string): void {
  app.openapi(
    createRoute({
      method: "post",
      path: `${root}/score-analysis`,
      summary: "Score analysis of the supplied schedule (its shifts' assignments), without storing it",
      tags: TAG,
      request: {
        query: JustificationsQuery,
        body: { required: true, content: { "application/json": { schema: ScoreAnalysisRequestSchema } } },
      },
      responses: {
        200: json(ScoreAnalysisSchema, "Score analysis"),
        400: json(ValidationResultSchema, "The request is malformed, violates the schema, or is invalid (reference LegacyValidationResult)"),
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const weights = await weightsWithProfile(c, body.config?.model?.overrides);
      const session = await sessionOf(body.modelInput, weights);
      return c.json(analyzeSession(session, { includeJustifications: c.req.valid("query").includeJustifications }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/validation-issue-types`,
      summary: "Every validation issue type the model can produce",
      tags: TAG,
      responses: { 200: json(ValidationIssueTypesSchema, "Issue types"), 401: errors[401], 403: errors[403] },
    }),
    (c) => c.json({ issueTypes: ISSUE_TYPES.map(issueTypeBody) }, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: `${root}/validation-issue-types/{code}`,
      summary: "One validation issue type",
      tags: TAG,
      request: { params: z.object({ code: z.string().openapi({ param: { name: "code", in: "path" } }) }) },
      responses: { 200: json(ValidationIssueTypesSchema, "The issue type, alone in `issueTypes` (reference ValidationIssueTypes)"), 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    (c) => {
      const { code } = c.req.valid("param");
      const type = findIssueType(code);
      if (!type) throw ApiError.notFound(`Validation issue type '${code}'`);
      return c.json({ issueTypes: [issueTypeBody(type)] }, 200);
    },
  );

  const recommendRoute = (path: string, deprecated: boolean) =>
    createRoute({
      method: "post",
      path,
      summary: deprecated
        ? "(Deprecated: use /recommendations/recommend-employees) Recommend employees for a shift"
        : "Recommend employees for an unassigned shift, best fit first",
      deprecated,
      tags: TAG,
      request: {
        ...(deprecated ? { params: IdParams } : {}),
        query: JustificationsQuery,
        body: { required: true, content: { "application/json": { schema: RecommendEmployeesInputSchema } } },
      },
      responses: {
        200: json(RecommendEmployeesResultSchema, "Recommendations"),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        ...(deprecated ? { 404: errors[404] } : {}),
      },
    });
  for (const [path, deprecated] of [
    [`${root}/recommendations/recommend-employees`, false],
    [`${root}/{id}/recommendations/recommend-employees`, true],
  ] as const) {
    app.openapi(recommendRoute(path, deprecated), async (c) => {
      if (deprecated) await requireDataset(c.env, c.get("caller"), c.req.param("id")!);
      const body = c.req.valid("json");
      const index = fitShiftIndex(body.modelInput, body.fitShiftId, "fitShiftId");
      const session = await sessionOf(body.modelInput, await weightsWithProfile(c, body.config));
      const ranked = recommendEmployees(session, index, { includeJustifications: c.req.valid("query").includeJustifications });
      return c.json({ recommendations: ranked.slice(0, body.maxNumberOfRecommendations).map(toFit) }, 200);
    });
  }

  app.openapi(
    createRoute({
      method: "post",
      path: `${root}/recommendations/recommend-employees-batch-per-shift`,
      summary: "Recommendations for up to 100 shifts, ranked per shift (accepting one invalidates the others)",
      tags: TAG,
      request: { query: JustificationsQuery, body: { required: true, content: { "application/json": { schema: RecommendEmployeesBatchInputSchema } } } },
      responses: { 200: json(RecommendEmployeesBatchPerShiftResultSchema, "Recommendations per shift"), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const indexes = body.fitShiftIds.map((id, i) => fitShiftIndex(body.modelInput, id, `fitShiftIds[${i}]`));
      const session = await sessionOf(body.modelInput, await weightsWithProfile(c, body.config));
      const includeJustifications = c.req.valid("query").includeJustifications;
      const recommendations = indexes.map((index, i) => ({
        shiftId: body.fitShiftIds[i],
        recommendations: recommendEmployees(session, index, { includeJustifications })
          .slice(0, body.maxNumberOfRecommendations)
          .map(toFit),
      }));
      return c.json({ recommendations }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: `${root}/recommendations/recommend-employees-batch-global`,
      summary: "Recommendations for up to 100 shifts, ranked across all of them (accepting one invalidates the others)",
      tags: TAG,
      request: { query: JustificationsQuery, body: { required: true, content: { "application/json": { schema: RecommendEmployeesBatchInputSchema } } } },
      responses: { 200: json(RecommendEmployeesBatchGlobalResultSchema, "Recommendations across shifts"), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const indexes = body.fitShiftIds.map((id, i) => fitShiftIndex(body.modelInput, id, `fitShiftIds[${i}]`));
      const session = await sessionOf(body.modelInput, await weightsWithProfile(c, body.config));
      const includeJustifications = c.req.valid("query").includeJustifications;
      const all = indexes.flatMap((index, i) =>
        recommendEmployees(session, index, { includeJustifications }).map((r) => ({ shiftId: body.fitShiftIds[i], r })),
      );
      // Stable: equal fits keep shift order, then employee order.
      all.sort((a, b) => compareScores(b.r.scoreDiff, a.r.scoreDiff));
      const recommendations = all
        .slice(0, body.maxNumberOfRecommendations)
        .map(({ shiftId, r }) => ({ shiftId, recommendation: toFit(r) }));
      return c.json({ recommendations }, 200);
    },
  );
}
