/**
 * Score analysis and assignability while a run is live (README "Score analysis and assignability in the Durable
 * Object"): they read the run's own session holding its best solution, and the run at a fixed work budget ends with
 * the same schedule as a run nobody analyzed.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SolvingRequest } from "../../schemas/solving-request";
import { api, driveToCompletion, getDataset, MODEL_BASE, ROOT, stubOf, submit } from "./helpers";

interface Analysis {
  score: string;
  constraints: Array<{ name: string; score: string; matchCount: number; matches?: Array<{ score: string }> }>;
}

describe("analyses during a run", () => {
  it("leave the run's trajectory unchanged: the same schedule and score at a fixed step count", async () => {
    const demo = await (await api(`${MODEL_BASE}/demo-data/LARGE`)).json<SolvingRequest>();
    const request = { modelInput: demo.modelInput, config: { run: { termination: { stepCountLimit: 200_000 } } } };
    const plain = (await (await submit(request)).json<{ id: string }>()).id;
    const analyzed = (await (await submit(request)).json<{ id: string }>()).id;
    await driveToCompletion(plain);

    let active = 0;
    for (let i = 0; i < 500; i++) {
      const { metadata } = await getDataset(analyzed);
      if (metadata.solverStatus === "SOLVING_COMPLETED") break;
      // Slices grow with the machine's speed (README "Slices and checkpoints"): the first few active ones are analyzed.
      if (metadata.solverStatus === "SOLVING_ACTIVE" && active < 4) {
        active++;
        const analysis = await (await api(`${ROOT}/${analyzed}/score-analysis?includeJustifications=true`)).json<Analysis>();
        // The best solution so far, which the metadata reports.
        expect(analysis.score).toBe(metadata.score);
        for (const c of analysis.constraints) expect(c.matches).toHaveLength(c.matchCount);
        const report = await api(`${ROOT}/${analyzed}/assignability-analysis?unassignedOnly=false&size=3&page=${i % 5}`);
        expect(report.status).toBe(200);
        const shift = demo.modelInput.shifts[i % demo.modelInput.shifts.length].id;
        expect((await api(`${ROOT}/${analyzed}/assignability-analysis/details/${shift}`)).status).toBe(200);
      }
      await runDurableObjectAlarm(stubOf(analyzed));
    }
    expect(active).toBeGreaterThanOrEqual(2);

    const [a, b] = [await getDataset(plain), await getDataset(analyzed)];
    expect(b.metadata.solverStatus).toBe("SOLVING_COMPLETED");
    expect(b.metadata.score).toBe(a.metadata.score);
    expect(b.modelOutput).toEqual(a.modelOutput);
    // Once completed, the analysis reads the stored output on a session of its own: the final score.
    const final = await (await api(`${ROOT}/${analyzed}/score-analysis`)).json<Analysis>();
    expect(final.score).toBe(b.metadata.score);
  });
});
