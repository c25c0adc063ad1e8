/**
 * The permission table of spec §4, every row x each permission, through the real HTTP surface: a key holding only
 * that permission gets 403 (naming the missing permission) exactly where the table says "No".
 */
import { beforeAll, describe, expect, it } from "vitest";
import { findPermissionRow, OPERATIONS, PERMISSION_TABLE, requiredPermissions, type Operation } from "../../worker/permissions";
import { call, createKey, ORIGIN } from "./platform-helpers";

const MODEL = `${ORIGIN}/api/models/employee-scheduling`;
/** An id no dataset has: allowed requests end in 404/400, never in a change. */
const ID = "00000000-0000-4000-8000-000000000000";

/** A concrete path for a row's pattern. */
function concrete(pattern: string): string {
  return pattern
    .replace("{version}", "v1")
    .replace("{resource}", "schedules")
    .replace("{id}", ID)
    .replace("{subresource}", "input")
    .replace("{code}", "SHIFT_UNKNOWN_EMPLOYEE")
    .replace(/\/\*$/, "/assignability-analysis/details")
    .replace(/\/$/, "/recommend-employees");
}

describe("the permission table as data", () => {
  it("has the 19 rows of spec §4", () => {
    expect(PERMISSION_TABLE.filter((r) => r.source === "spec §4")).toHaveLength(19);
  });

  it.each([
    ["GET", "/v1/schedules/validation-issue-types", ["READ"]],
    ["GET", "/v1/schedules/validation-issue-types/X", ["READ"]],
    ["POST", "/v1/schedules/score-analysis", ["CREATE"]],
    ["POST", "/v1/schedules/abc", ["UPDATE"]],
    ["POST", "/v1/schedules/recommendations/recommend-employees", ["CREATE"]],
    ["POST", "/v1/schedules/recommendations/recommend-employees-batch-global", ["CREATE"]],
    ["POST", "/v1/schedules/abc/recommendations/recommend-employees", ["CREATE"]],
    ["POST", "/v1/schedules/abc/from-patch", ["CREATE"]],
    ["PUT", "/v1/schedules/abc", ["UPDATE", "DELETE"]],
    ["DELETE", "/v1/schedules/abc", ["UPDATE"]],
    ["DELETE", "/v1/schedules/abc/purge", ["DELETE"]],
    ["GET", "/v1/schedules/abc/events", [...OPERATIONS]],
    ["GET", "/v1/schedules/abc/assignability-analysis/details/s1", [...OPERATIONS]],
    ["GET", "/v1/schedules", [...OPERATIONS]],
    ["HEAD", "/v1/schedules/abc", [...OPERATIONS]],
    ["POST", "/v1/demo-data/BASIC/input", [...OPERATIONS]],
    ["GET", "/anything/unknown/at/all/here", [...OPERATIONS]],
    ["POST", "/v1/schedules/abc/unknown-action", []],
    ["PATCH", "/v1/schedules/abc", []],
  ])("%s %s -> %j", (method, path, grants) => {
    expect([...requiredPermissions(method, path).grants]).toEqual(grants);
  });

  it("picks the most specific row", () => {
    expect(findPermissionRow("GET", "/v1/schedules/abc/score-analysis")!.path).toBe("/{version}/{resource}/{id}/score-analysis");
    expect(findPermissionRow("GET", "/v1/schedules/abc/input")!.path).toBe("/{version}/{resource}/{id}/{subresource}");
    expect(findPermissionRow("GET", "/v1/schedules/abc/a/b")!.path).toBe("/{version}/{resource}/{id}/*");
  });
});

describe("every row of the permission table x each permission, over HTTP", () => {
  const keys = {} as Record<Operation, string>;
  beforeAll(async () => {
    for (const op of OPERATIONS) keys[op] = (await createKey({ name: `only-${op}`, permissions: [op] })).key;
  });

  for (const row of PERMISSION_TABLE.filter((r) => r.source === "spec §4")) {
    for (const op of OPERATIONS) {
      const allowed = row.grants.includes(op);
      it(`${row.method} ${row.path} with ${op} only -> ${allowed ? "admitted" : "403"}`, async () => {
        const path = concrete(row.path);
        expect(findPermissionRow(row.method, path)).toBe(row);
        const res = await call(`${MODEL}${path}`, {
          key: keys[op],
          method: row.method,
          ...(row.method === "GET" ? {} : { json: {} }),
        });
        const body = await res.text();
        if (allowed) {
          expect([401, 403], body).not.toContain(res.status);
          expect(res.status, body).toBeLessThan(500);
        } else {
          expect(res.status, body).toBe(403);
          const err = JSON.parse(body) as { code: string; message: string; details: string[] };
          expect(err.code).toBe("FORBIDDEN");
          for (const needed of row.grants) expect(err.message).toContain(needed);
          expect(err.details).toContain(`granted: ${op}`);
        }
      });
    }
  }

  it("Read alone cannot request recommendations, and the message says why", async () => {
    const res = await call(`${MODEL}/v1/schedules/recommendations/recommend-employees`, { key: keys.READ, method: "POST", json: {} });
    expect(res.status).toBe(403);
    const err = await res.json<{ message: string }>();
    expect(err.message).toMatch(/lacks the CREATE permission/);
    expect(err.message).toMatch(/Read cannot request recommendations/);
  });

  it("a key with Create and Read (ingestion) submits and reads but cannot terminate or purge", async () => {
    const k = await createKey({ permissions: ["CREATE", "READ"] });
    const res = await call(`${MODEL}/v1/schedules`, { key: k.key, method: "POST", json: { modelInput: { employees: [], shifts: [] } } });
    expect(res.status).not.toBe(403);
    expect((await call(`${MODEL}/v1/schedules/${ID}`, { key: k.key, method: "DELETE" })).status).toBe(403);
    expect((await call(`${MODEL}/v1/schedules/${ID}/purge`, { key: k.key, method: "DELETE" })).status).toBe(403);
  });

  it("requests no route serves stay 404/405 (not 403), whatever the key", async () => {
    expect((await call(`${MODEL}/v1/schedules/${ID}/no-such-action`, { key: keys.READ, method: "POST", json: {} })).status).toBe(404);
    expect((await call(`${MODEL}/v1/schedules`, { key: keys.CREATE, method: "PUT", json: {} })).status).toBe(405);
  });

  it("demo data is readable with any single permission", async () => {
    for (const op of OPERATIONS) {
      expect((await call(`${MODEL}/v1/demo-data`, { key: keys[op] })).status).toBe(200);
      expect((await call(`${MODEL}/v1/demo-data/BASIC/input`, { key: keys[op], method: "POST" })).status).toBe(200);
    }
  });
});
