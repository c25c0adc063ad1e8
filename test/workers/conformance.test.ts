/**
 * Conformance with the reference ESS OpenAPI (`timefold-ess-openapi-v1.json`, copied by
 * scripts/extract-reference-schemas.mjs into test/fixtures/reference-ess-operations.json): every operation of the
 * reference is called as its clients would, once with a valid input and once with a bad one, and every response
 * body is validated with ajv against the schema the reference documents for that route and status.
 *
 * The operations are enumerated from the reference copy, so an operation without a case here fails. A status the
 * reference documents without a body schema (401, 403, some 404 and 400) must still carry our `ErrorInfo`.
 * Parts of the reference schemas that cannot be validated mechanically are replaced by `{ type: "object" }` and
 * listed in SKIPPED (README "Conformance test").
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import reference from "../fixtures/reference-ess-operations.json";
import { api, driveToCompletion, MODEL_BASE, ROOT, smallInput, stubOf, submit } from "./helpers";

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/**
 * Reference schemas that cannot be validated mechanically as written, and what is validated instead:
 * - EmployeeSchedulingJustification: a `oneOf` over 113 justification types without a discriminator; several types
 *   have the same shape, so a valid justification matches more than one and `oneOf` (exactly one) cannot hold. Only
 *   "an object" is checked.
 * - AbstractEmployeeScheduleIssue: a `oneOf` over 236 issue types without a discriminator, with the same ambiguity.
 *   Only "an object" is checked.
 * - IssueType: its `code` is typed as the object `IssueCode` ({value}), while the product specification (issue
 *   types: "a code, a severity and a message") and every issue in a validation result carry the code as a string.
 *   Validated with `code` a string; the rest of IssueType as written.
 */
export const SKIPPED: Record<string, { reason: string; instead: (schema: Schema) => Schema }> = {
  EmployeeSchedulingJustification: { reason: "oneOf over 113 justification types without a discriminator", instead: () => ({ type: "object" }) },
  AbstractEmployeeScheduleIssue: { reason: "oneOf over 236 issue types without a discriminator", instead: () => ({ type: "object" }) },
  IssueType: {
    reason: "code typed as the object IssueCode; served as the string code",
    instead: (schema) => ({ ...schema, properties: { ...(schema.properties as Schema), code: { type: "string" } } }),
  },
};

/** OpenAPI 3.0 `nullable: true` as JSON Schema: the schema, or null. */
function jsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchema);
  if (!node || typeof node !== "object") return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string") out.$ref = `ref${v}`;
    else if (k !== "nullable" && k !== "example" && k !== "examples") out[k] = jsonSchema(v);
  }
  return (node as Schema).nullable === true ? { anyOf: [out, { type: "null" }] } : out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
for (const f of ["int32", "int64", "float", "double"]) ajv.addFormat(f, true);
const schemas = Object.fromEntries(
  Object.entries(reference.schemas as Record<string, Schema>).map(([name, s]) => [name, jsonSchema(name in SKIPPED ? SKIPPED[name].instead(s) : s)]),
);
ajv.addSchema({ $id: "ref", components: { schemas } });
const validators = new Map<string, ValidateFunction>();
function validatorFor(schema: Schema): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.compile(jsonSchema(schema) as Schema)));
  return v;
}
const errorInfo = validatorFor({ $ref: "#/components/schemas/ErrorInfo" });

const operations = reference.operations as unknown as Operation[];
const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

/** Checks one response against the reference's documentation of that operation and status. */
async function conforms(op: Operation, res: Response, expected: number): Promise<void> {
  const text = await res.text();
  expect(res.status, `${key(op)}: ${text.slice(0, 300)}`).toBe(expected);
  const documented = op.responses[String(res.status)];
  expect(documented, `${key(op)} ${res.status} is documented by the reference`).toBeDefined();
  if (res.status === 204) return;
  // application/json, or text/event-stream for the events route (whose one event data the case hands over).
  const schema = Object.values(documented.content ?? {})[0]?.schema;
  const validate = schema ? validatorFor(schema) : res.status >= 400 ? errorInfo : null;
  expect(validate, `${key(op)} ${res.status}: the reference documents a body`).not.toBeNull();
  const ok = validate!(JSON.parse(text));
  expect(ok, `${key(op)} ${res.status}: ${ajv.errorsText(validate!.errors)}\n${text.slice(0, 500)}`).toBe(true);
}

/** A dataset solved to completion (a short run), and its id. */
async function solved(): Promise<string> {
  const res = await submit({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 500 } } } });
  const { id } = await res.json<{ id: string }>();
  await driveToCompletion(id);
  return id;
}

async function submitted(operation: "SOLVE" | "NONE"): Promise<string> {
  const res = await api(`${ROOT}?operation=${operation}`, { method: "POST", body: JSON.stringify({ modelInput: smallInput() }) });
  return (await res.json<{ id: string }>()).id;
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const withOpen = () => {
  const input = smallInput();
  return { input, shift: input.shifts[0].id };
};
const recommend = (fitShiftId: string) => ({ maxNumberOfRecommendations: 3, fitShiftId, modelInput: smallInput() });
const batch = (fitShiftIds: string[]) => ({ maxNumberOfRecommendations: 3, fitShiftIds, modelInput: smallInput() });

interface Case {
  valid: () => Promise<[Response, number]>;
  bad: () => Promise<[Response, number]>;
}
const DEMO = `${MODEL_BASE}/demo-data`;
const noKey = (url: string, method = "GET") => async (): Promise<[Response, number]> => [await api(url, { method, key: null }), 401];

/** One valid and one bad call per reference operation, with the status each must answer. */
const CASES: Record<string, Case> = {
  "GET /v1/demo-data": { valid: async () => [await api(DEMO), 200], bad: noKey(DEMO) },
  "GET /v1/demo-data/{demoDataId}": {
    valid: async () => [await api(`${DEMO}/BASIC`), 200],
    bad: async () => [await api(`${DEMO}/NOPE`), 404],
  },
  "GET /v1/demo-data/{demoDataId}/input": {
    valid: async () => [await api(`${DEMO}/BASIC/input`), 200],
    bad: async () => [await api(`${DEMO}/NOPE/input`), 404],
  },
  "POST /v1/schedules": {
    valid: async () => [await submit({ modelInput: smallInput() }), 202],
    bad: async () => [await submit({ modelInput: { employees: "nobody" } }), 400],
  },
  "GET /v1/schedules": { valid: async () => [await api(ROOT), 200], bad: noKey(ROOT) },
  "POST /v1/schedules/recommendations/recommend-employees": {
    valid: async () => [await api(`${ROOT}/recommendations/recommend-employees`, json("POST", recommend(withOpen().shift))), 200],
    bad: async () => [await api(`${ROOT}/recommendations/recommend-employees`, json("POST", recommend("no-such-shift"))), 400],
  },
  "POST /v1/schedules/recommendations/recommend-employees-batch-global": {
    valid: async () => [await api(`${ROOT}/recommendations/recommend-employees-batch-global`, json("POST", batch(["d1-early-a", "d1-late"]))), 200],
    bad: async () => [await api(`${ROOT}/recommendations/recommend-employees-batch-global`, json("POST", batch(["no-such-shift"]))), 400],
  },
  "POST /v1/schedules/recommendations/recommend-employees-batch-per-shift": {
    valid: async () => [await api(`${ROOT}/recommendations/recommend-employees-batch-per-shift`, json("POST", batch(["d1-early-a", "d1-late"]))), 200],
    bad: async () => [await api(`${ROOT}/recommendations/recommend-employees-batch-per-shift`, json("POST", batch(["no-such-shift"]))), 400],
  },
  "POST /v1/schedules/score-analysis": {
    valid: async () => [await api(`${ROOT}/score-analysis?includeJustifications=true`, json("POST", { modelInput: smallInput() })), 200],
    bad: async () => [await api(`${ROOT}/score-analysis`, json("POST", { modelInput: { shifts: 3 } })), 400],
  },
  "GET /v1/schedules/validation-issue-types": {
    valid: async () => [await api(`${ROOT}/validation-issue-types`), 200],
    bad: noKey(`${ROOT}/validation-issue-types`),
  },
  "GET /v1/schedules/validation-issue-types/{code}": {
    valid: async () => [await api(`${ROOT}/validation-issue-types/SHIFT_UNKNOWN_EMPLOYEE`), 200],
    bad: async () => [await api(`${ROOT}/validation-issue-types/NOPE`), 404],
  },
  "DELETE /v1/schedules/{id}": {
    valid: async () => [await api(`${ROOT}/${await submitted("SOLVE")}`, { method: "DELETE" }), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}`, { method: "DELETE" }), 404],
  },
  "POST /v1/schedules/{id}": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}`, { method: "POST" }), 202],
    bad: noKey(`${ROOT}/${UNKNOWN}`, "POST"),
  },
  "GET /v1/schedules/{id}": {
    valid: async () => [await api(`${ROOT}/${await solved()}`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}`), 404],
  },
  "PUT /v1/schedules/{id}": {
    valid: async () => {
      const id = await solved();
      expect((await api(`${ROOT}/${id}/purge`, { method: "DELETE" })).status).toBe(200);
      return [await api(`${ROOT}/${id}`, { method: "PUT" }), 204];
    },
    bad: async () => [await api(`${ROOT}/${UNKNOWN}`, { method: "PUT" }), 404],
  },
  "GET /v1/schedules/{id}/assignability-analysis": {
    valid: async () => [await api(`${ROOT}/${await solved()}/assignability-analysis?unassignedOnly=false`), 200],
    bad: async () => [await api(`${ROOT}/${await submitted("NONE")}/assignability-analysis?unassignedOnly=maybe`), 400],
  },
  "GET /v1/schedules/{id}/assignability-analysis/details/{shiftId}": {
    valid: async () => [await api(`${ROOT}/${await solved()}/assignability-analysis/details/d1-late`), 200],
    bad: async () => [await api(`${ROOT}/${await submitted("NONE")}/assignability-analysis/details/no-such-shift`), 400],
  },
  "GET /v1/schedules/{id}/config": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/config`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/config`), 404],
  },
  "GET /v1/schedules/{id}/events": {
    valid: async () => {
      const res = await api(`${ROOT}/${await submitted("SOLVE")}/events`);
      expect(res.status).toBe(200);
      // The stream stays open while the dataset is not final: read its first event, then close it.
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes("\n\n")) text += (await reader.read()).value ?? "";
      await reader.cancel();
      const data = text.split("\n").find((l) => l.startsWith("data:"))!.slice(5).trim();
      return [new Response(data, { status: 200 }), 200];
    },
    bad: async () => [await api(`${ROOT}/${await solved()}/events`), 410],
  },
  "POST /v1/schedules/{id}/from-input": {
    valid: async () => [await api(`${ROOT}/${await solved()}/from-input?select=SOLVED`, { method: "POST" }), 202],
    bad: async () => [await api(`${ROOT}/${await solved()}/from-input?select=BOGUS`, { method: "POST" }), 400],
  },
  "POST /v1/schedules/{id}/from-patch": {
    valid: async () => [await api(`${ROOT}/${await solved()}/from-patch`, json("POST", { patch: [{ op: "remove", path: "/shifts[id=d3-late]" }] })), 202],
    bad: async () => [await api(`${ROOT}/${await solved()}/from-patch`, json("POST", { patch: [{ op: "remove", path: "/employees[id=Nobody]" }] })), 400],
  },
  "GET /v1/schedules/{id}/input": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/input`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/input`), 404],
  },
  "GET /v1/schedules/{id}/logs": {
    valid: async () => [await api(`${ROOT}/${await solved()}/logs`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/logs`), 404],
  },
  "GET /v1/schedules/{id}/metadata": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/metadata`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/metadata`), 404],
  },
  "PATCH /v1/schedules/{id}/metadata": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/metadata`, json("PATCH", { name: "renamed" })), 200],
    bad: async () => [await api(`${ROOT}/${await submitted("NONE")}/metadata`, json("PATCH", { name: 5 })), 400],
  },
  "GET /v1/schedules/{id}/model-request": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/model-request`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/model-request`), 404],
  },
  "POST /v1/schedules/{id}/new-run": {
    valid: async () => [await api(`${ROOT}/${await solved()}/new-run`, { method: "POST" }), 202],
    bad: async () => [await api(`${ROOT}/${await solved()}/new-run?select=BOGUS`, { method: "POST" }), 400],
  },
  "POST /v1/schedules/{id}/recommendations/recommend-employees": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/recommendations/recommend-employees`, json("POST", recommend("d1-late"))), 200],
    bad: async () => [await api(`${ROOT}/${await submitted("NONE")}/recommendations/recommend-employees`, json("POST", recommend("no-such-shift"))), 400],
  },
  "GET /v1/schedules/{id}/run": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/run`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/run`), 404],
  },
  "PATCH /v1/schedules/{id}/run": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/run`, json("PATCH", { tags: ["a"] })), 200],
    bad: async () => [await api(`${ROOT}/${await submitted("NONE")}/run`, json("PATCH", { bogus: 1 })), 400],
  },
  "GET /v1/schedules/{id}/score-analysis": {
    valid: async () => [await api(`${ROOT}/${await solved()}/score-analysis?includeJustifications=true`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/score-analysis`), 404],
  },
  "GET /v1/schedules/{id}/validation-result": {
    valid: async () => [await api(`${ROOT}/${await submitted("NONE")}/validation-result`), 200],
    bad: async () => [await api(`${ROOT}/${UNKNOWN}/validation-result`), 404],
  },
  "DELETE /v1/schedules/{id}/purge": {
    valid: async () => [await api(`${ROOT}/${await solved()}/purge`, { method: "DELETE" }), 200],
    bad: async () => {
      const id = await submitted("SOLVE");
      await runDurableObjectAlarm(stubOf(id)); // SOLVING_STARTED: still solving
      return [await api(`${ROOT}/${id}/purge`, { method: "DELETE" }), 400];
    },
  },
};

describe("conformance with the reference ESS OpenAPI", () => {
  it("has a case for each of the reference's 33 operations, and no other", () => {
    expect(operations).toHaveLength(33);
    expect(Object.keys(CASES).sort()).toEqual(operations.map(key).sort());
  });

  it("lists the reference schemas it cannot validate mechanically", () => {
    for (const name of Object.keys(SKIPPED)) expect(reference.schemas, name).toHaveProperty(name);
  });

  it("our OpenAPI documents 500 on every operation and 429 on every reference operation, with ErrorInfo", async () => {
    type Response = { $ref?: string; content?: Record<string, { schema: { $ref?: string } }> };
    const doc = await (await api("https://rota.test/api/openapi.json")).json<{
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
      components: { responses?: Record<string, Response> };
    }>();
    const resolve = (r: Response | undefined) => (r?.$ref ? doc.components.responses?.[r.$ref.split("/").pop()!] : r);
    const errorInfo = { content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorInfo" } } } };
    const ours = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(ours.length).toBeGreaterThan(33);
    for (const op of ours) expect(resolve(op.responses["500"])).toMatchObject(errorInfo);
    const prefix = (reference.servers as Array<{ url: string }>)[0].url;
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
    const byShape = new Map(Object.entries(doc.paths).map(([path, item]) => [shape(path), item]));
    for (const op of operations) {
      const mine = byShape.get(shape(`${prefix}${op.path}`))?.[op.method.toLowerCase()];
      if (!mine) throw new Error(`${key(op)} is not in our OpenAPI document`);
      expect(resolve(mine.responses["429"]), key(op)).toMatchObject(errorInfo);
    }
  });

  describe.each(operations.map((op) => [key(op), op] as const))("%s", (name, op) => {
    it("valid input: the documented success body", async () => {
      const [res, status] = await CASES[name].valid();
      await conforms(op, res, status);
    });
    it("bad input: the documented error body", async () => {
      const [res, status] = await CASES[name].bad();
      await conforms(op, res, status);
    });
  });
});
