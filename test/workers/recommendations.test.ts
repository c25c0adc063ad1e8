/** Recommendations (spec §2.8): ranking, shapes, errors, and scoreDiff equal to the real score change. */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { api, driveToCompletion, getDataset, ROOT, smallInput } from "./helpers";

interface Fit {
  employeeId: string;
  scoreDiff: string;
  constraintDiffs: Array<{ constraintName: string; score: string; matchCountDiff: number; matchesDiff?: unknown[] }>;
}

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await api(path, { method: "POST", body: JSON.stringify(body) });
  return { status: res.status, body: await res.json<T>() };
}

/**
 * A solved small schedule with one extra, unassigned nurse night shift on day 2 (22:00-06:00) to fill: Ann and Carl
 * are free then, Beth is unavailable until midnight and Dora is no nurse.
 */
async function scheduleWithOpenShift(): Promise<ModelInput> {
  const res = await api(ROOT, { method: "POST", body: JSON.stringify({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 2000 } } } }) });
  const { id } = await res.json<{ id: string }>();
  await driveToCompletion(id);
  const done = await getDataset(id);
  const input = smallInput();
  input.shifts.forEach((s, i) => (s.employee = done.modelOutput!.shifts[i].employee));
  input.shifts.push({ id: "open", start: "2027-03-02T22:00:00+01:00", end: "2027-03-03T06:00:00+01:00", requiredSkills: ["Nurse"] });
  return input;
}

function score(text: string): number[] {
  return /^(-?\d+)hard\/(-?\d+)medium\/(-?\d+)soft$/.exec(text)!.slice(1).map(Number);
}

async function analysisScore(input: ModelInput): Promise<number[]> {
  const res = await post<{ score: string }>(`${ROOT}/score-analysis`, { modelInput: input });
  expect(res.status).toBe(200);
  return score(res.body.score);
}

describe("recommend-employees", () => {
  it("ranks every employee best first, and the top scoreDiff is the real score change", async () => {
    const input = await scheduleWithOpenShift();
    const res = await post<{ recommendations: Fit[] }>(`${ROOT}/recommendations/recommend-employees?includeJustifications=true`, {
      maxNumberOfRecommendations: 10,
      fitShiftId: "open",
      modelInput: input,
    });
    expect(res.status).toBe(200);
    const recs = res.body.recommendations;
    expect(recs.map((r) => r.employeeId).sort()).toEqual(["Ann", "Beth", "Carl", "Dora"]);
    // Beth is unavailable on day 2 and Dora lacks the skill: they break hard rules and rank below the others.
    const hard = (r: Fit) => score(r.scoreDiff)[0];
    expect(recs.slice(-2).map((r) => r.employeeId).sort()).toEqual(["Beth", "Dora"]);
    expect(recs.slice(-2).every((r) => hard(r) < 0)).toBe(true);
    for (let i = 1; i < recs.length; i++) {
      const [a, b] = [score(recs[i - 1].scoreDiff), score(recs[i].scoreDiff)];
      expect(a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] >= b[2])))).toBe(true);
    }
    const dora = recs.find((r) => r.employeeId === "Dora")!;
    expect(dora.constraintDiffs).toContainEqual(expect.objectContaining({ constraintName: "Required skill missing", matchCountDiff: 1, score: "-1hard/0medium/0soft" }));
    expect(dora.constraintDiffs.every((d) => Array.isArray(d.matchesDiff))).toBe(true);

    // Apply each recommendation: the score moves by exactly its scoreDiff.
    const before = await analysisScore(input);
    for (const rec of [recs[0], dora]) {
      const after = await analysisScore({ ...input, shifts: input.shifts.map((s) => (s.id === "open" ? { ...s, employee: rec.employeeId } : s)) });
      expect(after.map((v, i) => v - before[i])).toEqual(score(rec.scoreDiff));
    }
  });

  it("returns at most maxNumberOfRecommendations, without justifications unless asked", async () => {
    const input = await scheduleWithOpenShift();
    const res = await post<{ recommendations: Fit[] }>(`${ROOT}/recommendations/recommend-employees`, { maxNumberOfRecommendations: 2, fitShiftId: "open", modelInput: input });
    expect(res.body.recommendations).toHaveLength(2);
    expect(res.body.recommendations.flatMap((r) => r.constraintDiffs).every((d) => d.matchesDiff === undefined)).toBe(true);
  });

  it("rejects an assigned, pinned or unknown fitShiftId with 400", async () => {
    const input = await scheduleWithOpenShift();
    for (const [fitShiftId, pattern] of [["d1-late", /already assigned/], ["nope", /no shift 'nope'/]] as const) {
      const res = await post<{ message: string }>(`${ROOT}/recommendations/recommend-employees`, { maxNumberOfRecommendations: 3, fitShiftId, modelInput: input });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(pattern);
    }
    input.shifts[input.shifts.length - 1].pinned = true;
    const pinned = await post<{ message: string }>(`${ROOT}/recommendations/recommend-employees`, { maxNumberOfRecommendations: 3, fitShiftId: "open", modelInput: input });
    expect(pinned.status).toBe(400);
    const missing = await post<{ details: string }>(`${ROOT}/recommendations/recommend-employees`, { fitShiftId: "open", modelInput: input });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContain("maxNumberOfRecommendations");
  });

  it("answers on the deprecated per-dataset path for an existing dataset", async () => {
    const input = await scheduleWithOpenShift();
    const { id } = await (await api(ROOT, { method: "POST", body: JSON.stringify({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 10 } } } }) })).json<{ id: string }>();
    const body = { maxNumberOfRecommendations: 1, fitShiftId: "open", modelInput: input };
    const res = await post<{ recommendations: Fit[] }>(`${ROOT}/${id}/recommendations/recommend-employees`, body);
    expect(res.status).toBe(200);
    expect(res.body.recommendations).toHaveLength(1);
    expect((await post(`${ROOT}/nope/recommendations/recommend-employees`, body)).status).toBe(404);
  });
});

describe("batch recommendations", () => {
  it("per shift and globally", async () => {
    const input = await scheduleWithOpenShift();
    input.shifts.push({ id: "open-doc", start: "2027-03-03T23:00:00+01:00", end: "2027-03-04T05:00:00+01:00", requiredSkills: ["Doctor"] });
    const body = { maxNumberOfRecommendations: 2, fitShiftIds: ["open", "open-doc"], modelInput: input };
    const perShift = await post<{ recommendations: Array<{ shiftId: string; recommendations: Fit[] }> }>(`${ROOT}/recommendations/recommend-employees-batch-per-shift`, body);
    expect(perShift.status).toBe(200);
    expect(perShift.body.recommendations.map((r) => r.shiftId)).toEqual(["open", "open-doc"]);
    expect(perShift.body.recommendations.every((r) => r.recommendations.length === 2)).toBe(true);
    expect(perShift.body.recommendations[1].recommendations.map((r) => r.employeeId).sort()).toEqual(["Carl", "Dora"]);

    const global = await post<{ recommendations: Array<{ shiftId: string; recommendation: Fit }> }>(`${ROOT}/recommendations/recommend-employees-batch-global`, { ...body, maxNumberOfRecommendations: 3 });
    expect(global.status).toBe(200);
    expect(global.body.recommendations).toHaveLength(3);
    expect(global.body.recommendations.every((r) => score(r.recommendation.scoreDiff)[0] === 0)).toBe(true);

    const tooMany = await post(`${ROOT}/recommendations/recommend-employees-batch-global`, { ...body, fitShiftIds: Array.from({ length: 101 }, (_, i) => `s${i}`) });
    expect(tooMany.status).toBe(400);
  });
});
