/** Pairings through the real Worker: scored in the score analysis, validated at submission, honoured by a solve. */
import { describe, expect, it } from "vitest";
import { api, driveToCompletion, getDataset, ROOT, smallInput, submit } from "./helpers";

describe("pairings", () => {
  it("the score analysis of a supplied schedule scores a prohibited pairing with its justification", async () => {
    const input = smallInput();
    input.employees[0] = { ...input.employees[0], prohibitedPairings: [{ pairedEmployee: "Carl" }] };
    input.shifts[0].employee = "Ann";
    input.shifts[1].employee = "Carl"; // same 8 hours
    const res = await api(`${ROOT}/score-analysis?includeJustifications=true`, { method: "POST", body: JSON.stringify({ modelInput: input }) });
    expect(res.status).toBe(200);
    const analysis = await res.json<{ constraints: Array<{ name: string; score: string; matchCount: number; matches?: Array<{ justification: Record<string, unknown> }> }> }>();
    const row = analysis.constraints.find((c) => c.name === "Employee is paired with prohibited employee")!;
    expect(row).toMatchObject({ score: "-480hard/0medium/0soft", matchCount: 1 });
    expect(row.matches![0].justification).toMatchObject({ employee1: "Ann", employee2: "Carl", shift1: "d1-early-a", shift2: "d1-early-b" });
  });

  it("a self-pairing is a validation error (400, DATASET_INVALID)", async () => {
    const input = smallInput();
    input.employees[0] = { ...input.employees[0], requiredPairings: [{ pairedEmployee: "Ann" }] };
    const res = await submit({ modelInput: input });
    expect(res.status).toBe(400);
    const body = await res.json<{ details: string[] }>();
    expect(body.details.join("\n")).toMatch(/pairing with itself/);
  });

  it("a solve keeps a prohibited pair apart and pairs a required one", async () => {
    const input = smallInput();
    input.employees[0] = { ...input.employees[0], prohibitedPairings: [{ pairedEmployee: "Beth" }] };
    input.employees[2] = { ...input.employees[2], requiredPairings: [{ pairedEmployee: "Dora", onlyForShiftTags: ["ward"] }] };
    input.shifts[2] = { ...input.shifts[2], tags: ["ward"] };
    const res = await submit({ modelInput: input, config: { run: { termination: { stepCountLimit: 20000 } } } });
    expect(res.status).toBe(202);
    const { id } = await res.json<{ id: string }>();
    await driveToCompletion(id);
    const done = await getDataset(id);
    expect(done.metadata.score).toMatch(/^0hard\//);
  });
});
