/** Hourly demand through the API: the DEMAND_SHIFT_GENERATION demo served, posted and solved; generated shifts and KPIs. */
import { describe, expect, it } from "vitest";
import type { SolvingRequest } from "../../schemas/solving-request";
import { api, driveToCompletion, getDataset, MODEL_BASE, ROOT, submit } from "./helpers";

describe("demand shift generation", () => {
  it("lists and serves the DEMAND_SHIFT_GENERATION demo", async () => {
    const list = await (await api(`${MODEL_BASE}/demo-data`)).json<Array<{ id: string; tags: string[] }>>();
    const demo = list.find((d) => d.id === "DEMAND_SHIFT_GENERATION");
    expect(demo?.tags).toContain("shift-generation");
    const full = await (await api(`${MODEL_BASE}/demo-data/DEMAND_SHIFT_GENERATION`)).json<SolvingRequest>();
    expect(full.modelInput.shifts).toEqual([]);
    expect(full.modelInput.globalRules?.minimumMaximumShiftsPerHourlyDemand).toHaveLength(1);
    const input = await (await api(`${MODEL_BASE}/demo-data/DEMAND_SHIFT_GENERATION/input`, { method: "POST" })).json();
    expect(input).toEqual(full.modelInput);
  });

  it("the demo, posted as served, solves: generated shifts staffed, demand KPIs reported", async () => {
    const demo = await (await api(`${MODEL_BASE}/demo-data/DEMAND_SHIFT_GENERATION`)).json<SolvingRequest>();
    const res = await submit({ ...demo, config: { run: { name: "demand", termination: { stepCountLimit: 100_000 } } } });
    expect(res.status).toBe(202);
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id, 2000);
    const done = await getDataset(id);
    expect(done.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(done.metadata.score).toMatch(/^0hard\//);
    expect(done.metadata.validationResult?.summary).not.toBe("ERRORS");
    expect(done.modelOutput!.shifts).toEqual([]);
    const generated = done.modelOutput!.generatedShifts!;
    expect(generated.length).toBeGreaterThan(50);
    expect(generated[0]).toMatchObject({ id: expect.stringMatching(/^desk-early-2027-02-01-\d+$/), start: "2027-02-01T07:00:00+01:00", tags: ["desk"], requiredSkills: ["Desk"] });
    const kpis = done.kpis!;
    expect(kpis.demandGeneratedShifts).toBe(generated.length);
    expect(kpis.coveredDemandPersonSlots! + kpis.uncoveredDemandPersonSlots!).toBe(kpis.totalDemandPersonSlots);
    expect(kpis.coveredDemandPersonSlots! / kpis.totalDemandPersonSlots!).toBeGreaterThan(0.8);
    expect(kpis.assignedShifts).toBe(generated.filter((g) => g.employee !== null).length);

    // The score analysis names the demand constraints with per-interval matches.
    const analysis = await (await api(`${ROOT}/${id}/score-analysis?includeJustifications=true`)).json<{ constraints: Array<{ name: string; matchCount: number; matches?: Array<{ justification: Record<string, unknown> }> }> }>();
    const balance = analysis.constraints.find((c) => c.name === "Balance shifts worked for minimum hourly demand")!;
    expect(balance).toBeDefined();
    if (balance.matchCount > 0) expect(balance.matches![0].justification).toMatchObject({ hourlyDemandRule: "desk", targetDemand: expect.any(Number) });
  });

  it("a demand interval shorter than 30 minutes is a validation error (400)", async () => {
    const res = await submit({
      modelInput: {
        employees: [{ id: "a" }],
        shifts: [{ id: "s", start: "2027-02-01T08:00:00Z", end: "2027-02-01T09:00:00Z" }],
        globalRules: { minimumMaximumShiftsPerHourlyDemand: [{ id: "hd", demandDetails: [{ startDateTime: "2027-02-01T08:00:00Z", endDateTime: "2027-02-01T08:15:00Z", maxDemand: 1 }] }] },
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/interval of 15 minutes/);
  });
});
