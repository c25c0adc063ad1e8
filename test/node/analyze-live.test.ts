/**
 * Analyses on a live run's session (solver/analyze.ts `holding`): the run's session holds the best assignment only
 * for the length of the analysis, so a run at a fixed work budget ends with the same best assignment, best score and
 * search state with and without analyses in between; and the analysis is the one a session of its own gives.
 */
import { describe, expect, it } from "vitest";
import { demoSolvingRequest } from "../../demo-data";
import { generateInstance } from "../../bench/generate";
import type { SolvingRequest } from "../../schemas/solving-request";
import { analyzeSession, holding, sessionWithAssignment } from "../../solver/analyze";
import { analyzeShift, assignabilityReport, reportShifts } from "../../solver/assignability";
import { lazyScoreAnalysis } from "../../solver/explain";
import { jsonPieces } from "../../solver/output-json";
import { openSession } from "../../solver/open-session";
import { debugModule, releaseModule } from "./helpers";

const module = releaseModule();

/** Slices of `units`; after each slice in `analyzeAfter`, every analysis of the best assignment on the live session. */
async function run(request: SolvingRequest, slices: number, units: number, analyzeAfter: ReadonlySet<number>) {
  const session = await openSession(module, request, { seed: 5 });
  const analyses: unknown[] = [];
  const phases: string[] = [];
  /** Per analysis, the shifts whose employee differs between the current and the best solution. */
  const moved: number[] = [];
  for (let i = 0; i < slices; i++) {
    session.runSlice(units);
    if (!analyzeAfter.has(i)) continue;
    phases.push(session.phase);
    const before = session.checkpoint();
    const best = session.bestAssignment();
    const current = session.currentAssignment();
    moved.push(best.filter((e, s) => e !== current[s]).length);
    analyses.push(
      holding(session, best, () => {
        // The current solution is the best one now: its score is the best score.
        expect(session.currentScore()).toEqual(session.bestScore());
        expect(session.scoreFromScratch()).toEqual(session.bestScore());
        const shifts = reportShifts(session, false);
        return {
          analysis: analyzeSession(session, { includeJustifications: true }),
          report: assignabilityReport(session, shifts.slice(0, 12)),
          detail: shifts.length > 0 ? analyzeShift(session, shifts[shifts.length - 1]) : null,
          best,
        };
      }),
    );
    // Back to exactly the search state it had: the checkpoint (the complete search state) is the same bytes.
    expect(session.checkpoint()).toEqual(before);
    expect(session.currentScore()).toEqual(session.scoreFromScratch());
  }
  return { session, analyses, phases, moved };
}

/** Each request with slice units at which the analyses fall in construction and in local search. */
const requests: Array<[string, () => SolvingRequest, number]> = [
  ["BASIC", () => demoSolvingRequest("BASIC")!, 600],
  ["LARGE", () => demoSolvingRequest("LARGE")!, 40_000],
  [
    "a generated instance with the contract mix",
    () => ({ modelInput: generateInstance({ shifts: 600, employees: 30, seed: 11, warmShare: 0.3, features: true, contracts: true }) }),
    3_000,
  ],
];

describe("analyses on a live run's session", () => {
  it.each(requests)("%s: the run ends with the same best assignment, score and state with and without them", async (_name, make, units) => {
    const request = make();
    const slices = 8;
    const plain = await run(request, slices, units, new Set());
    const analyzed = await run(request, slices, units, new Set([0, 2, 5, 6]));
    expect(analyzed.phases[0]).toBe("CONSTRUCTION");
    expect(analyzed.phases.at(-1)).toBe("LOCAL_SEARCH");
    // The live session's current solution was away from its best at some analysis: it was moved there and back.
    expect(Math.max(...analyzed.moved)).toBeGreaterThan(0);
    expect(analyzed.session.bestAssignment()).toEqual(plain.session.bestAssignment());
    expect(analyzed.session.bestScore()).toEqual(plain.session.bestScore());
    expect(analyzed.session.currentAssignment()).toEqual(plain.session.currentAssignment());
    expect(analyzed.session.checkpoint()).toEqual(plain.session.checkpoint());
    expect(analyzed.analyses).toHaveLength(4);
  });

  it.each(requests)("%s: the analysis is the one a session of its own holding that assignment gives", async (_name, make, units) => {
    const request = make();
    const { analyses } = await run(request, 4, units, new Set([1, 3]));
    for (const entry of analyses as Array<{ analysis: unknown; report: { totalAnalyzed: number }; detail: unknown; best: Int32Array }>) {
      const own = await sessionWithAssignment(debugModule(), request, entry.best);
      expect(entry.analysis).toEqual(analyzeSession(own, { includeJustifications: true }));
      const shifts = reportShifts(own, false);
      expect(entry.report).toEqual(assignabilityReport(own, shifts.slice(0, 12)));
      expect(entry.detail).toEqual(analyzeShift(own, shifts[shifts.length - 1]));
    }
  });

  it.each(requests)("%s: made in pieces while the run goes on between them, it is the analysis of the assignment it began with", async (_name, make, units) => {
    const request = make();
    const session = await openSession(module, request, { seed: 5 });
    session.runSlice(units);
    const best = session.bestAssignment();
    // As the Durable Object streams it (dataset-object.ts `analyzed`): each piece made while the session holds `best`.
    const read = <T>(call: () => T): T => holding(session, best, call);
    const pieces = jsonPieces(read(() => lazyScoreAnalysis(session, { includeJustifications: true, current: best })), 512);
    const text: string[] = [];
    for (;;) {
      const next = read(() => pieces.next());
      if (next.done) break;
      text.push(next.value);
      session.runSlice(units >> 3);
    }
    expect(text.length).toBeGreaterThan(3);
    const own = await sessionWithAssignment(module, request, best);
    expect(text.join("")).toBe(JSON.stringify(analyzeSession(own, { includeJustifications: true })));
    // The run went on meanwhile: its best is no longer the one analyzed.
    expect(session.bestAssignment()).not.toEqual(best);
  });
});
