import { describe, expect, it } from "vitest";
import { api, MODEL_BASE, ROOT, smallInput, submit } from "./helpers";

describe("authentication", () => {
  it("rejects a request without X-API-KEY with 401 and an error body", async () => {
    const res = await api(ROOT, { key: null });
    expect(res.status).toBe(401);
    const body = await res.json<{ id: string; code: string; message: string }>();
    expect(body.code).toBe("UNAUTHORIZED");
    expect(body.message).toMatch(/X-API-KEY/);
    expect(body.id).toMatch(/[0-9a-f-]{36}/);
  });

  it("rejects an unknown key with 401", async () => {
    const res = await api(`${MODEL_BASE}/demo-data`, { key: "not-the-key" });
    expect(res.status).toBe(401);
    expect((await res.json<{ code: string }>()).code).toBe("UNAUTHORIZED");
  });
});

describe("client mistakes are 4xx with a body that says what and where", () => {
  it("malformed JSON -> 400", async () => {
    const res = await api(ROOT, { method: "POST", body: "{ not json" });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; message: string }>();
    expect(body.message).toMatch(/JSON/i);
  });

  it("schema violations -> 400 naming each offending field path", async () => {
    const input = smallInput();
    const shifts = input.shifts as Array<Record<string, unknown>>;
    delete shifts[3].start;
    shifts[5].end = "tomorrow";
    (input.employees[1] as Record<string, unknown>).favouriteColour = "blue";
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: -1 } } } });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; details: string[] }>();
    expect(body.code).toBe("VALIDATION_ERROR");
    const text = body.details.join("\n");
    expect(text).toContain("modelInput.shifts[3].start");
    expect(text).toContain("modelInput.shifts[5].end");
    expect(text).toContain("modelInput.employees[1].favouriteColour");
    expect(text).toContain("config.run.termination.stepCountLimit");
  });

  it("a missing modelInput -> 400", async () => {
    const res = await submit({ config: {} });
    expect(res.status).toBe(400);
    expect((await res.json<{ details: string[] }>()).details.join()).toContain("modelInput");
  });

  it("stepCountLimit together with unimprovedSpentLimit -> 400", async () => {
    const res = await submit({
      modelInput: smallInput(),
      config: { run: { termination: { stepCountLimit: 10, unimprovedSpentLimit: "PT1S" } } },
    });
    expect(res.status).toBe(400);
    expect((await res.json<{ details: string[] }>()).details.join()).toContain("stepCountLimit");
  });

  it("an unknown dataset id -> 404", async () => {
    const res = await api(`${ROOT}/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
    expect((await res.json<{ code: string }>()).code).toBe("NOT_FOUND");
    const del = await api(`${ROOT}/nope`, { method: "DELETE" });
    expect(del.status).toBe(404);
  });

  it("an unknown route -> 404 with the error body", async () => {
    const res = await api(`${MODEL_BASE}/nothing-here`);
    expect(res.status).toBe(404);
    expect((await res.json<{ code: string }>()).code).toBe("NOT_FOUND");
  });
});

describe("configuration limits (spec §2.1, §8)", () => {
  it("a constraint weight above 1,000,000,000,000 -> 400", async () => {
    const res = await submit({ modelInput: smallInput(), config: { model: { overrides: { employeeWorksDuringUnpreferredTimeWeight: 1_000_000_000_001 } } } });
    expect(res.status).toBe(400);
    expect((await res.json<{ details: string[] }>()).details.join()).toContain("config.model.overrides.employeeWorksDuringUnpreferredTimeWeight");
    const atCap = await submit({ modelInput: smallInput(), config: { model: { overrides: { employeeWorksDuringUnpreferredTimeWeight: 1_000_000_000_000 } }, run: { termination: { stepCountLimit: 1 } } } });
    expect(atCap.status).toBe(202);
  });

  it("minimumImprovementRatio must be strictly positive", async () => {
    for (const ratio of [0, -0.5]) {
      const res = await submit({ modelInput: smallInput(), config: { run: { termination: { minimumImprovementRatio: ratio } } } });
      expect(res.status).toBe(400);
      expect((await res.json<{ details: string[] }>()).details.join()).toContain("config.run.termination.minimumImprovementRatio");
    }
  });

  it("an empty employee or shift list -> 400 and DATASET_INVALID", async () => {
    const res = await submit({ modelInput: { employees: [], shifts: [] } });
    expect(res.status).toBe(400);
    const body = await res.json<{ details: string[] }>();
    expect(body.details.join("\n")).toMatch(/no employees|employees is empty/);
    expect(body.details.join("\n")).toMatch(/shifts is empty/);
  });
});
