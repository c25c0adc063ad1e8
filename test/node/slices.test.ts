/**
 * The hosts' shared pieces: slice calibration and runner (solver/slices.ts), the checkpoint policy
 * (solver/checkpoint-policy.ts) and the session opener (solver/open-session.ts).
 */
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../bench/generate";
import { CHECKPOINT_INTERVAL_MS, CheckpointPolicy } from "../../solver/checkpoint-policy";
import { encodeProblem } from "../../solver/encode";
import { openSession } from "../../solver/open-session";
import { formatScore } from "../../solver/score";
import { SolverSession } from "../../solver/session";
import {
  FIRST_SLICE_UNITS, MAX_SLICE_GROWTH, MAX_SLICE_UNITS, MIN_SLICE_UNITS, nextSliceUnits, runSlice, SLICE_TARGET_MS,
} from "../../solver/slices";
import { releaseModule } from "./helpers";

const input = () => generateInstance({ shifts: 140, employees: 15, seed: 7, warmShare: 0.1, impossible: 2 });

describe("slice calibration", () => {
  it("aims the next slice at SLICE_TARGET_MS from the last one's speed", () => {
    // 10,000 units in 100 ms: 100 units per ms.
    expect(nextSliceUnits(10_000, 10_000, 100)).toBe(100 * SLICE_TARGET_MS);
    expect(nextSliceUnits(10_000, 10_000, 100, 200)).toBe(20_000);
  });

  it("grows at most MAX_SLICE_GROWTH times per slice and stays within its bounds", () => {
    expect(nextSliceUnits(10_000, 10_000, 1)).toBe(10_000 * MAX_SLICE_GROWTH);
    expect(nextSliceUnits(10_000, 10_000, 0)).toBe(10_000 * MAX_SLICE_GROWTH);
    expect(nextSliceUnits(MAX_SLICE_UNITS, MAX_SLICE_UNITS, 1)).toBe(MAX_SLICE_UNITS);
    expect(nextSliceUnits(10_000, 10, 1_000)).toBe(MIN_SLICE_UNITS);
  });

  it("a slice that did nothing keeps the units", () => {
    expect(nextSliceUnits(12_345, 0, 80)).toBe(12_345);
  });
});

describe("runSlice", () => {
  it("measures across a turn on both sides, honours the cap and calibrates", async () => {
    const session = await openSession(releaseModule(), { modelInput: input() }, { seed: 3 });
    let clock = 1_000;
    const turns: number[] = [];
    // A clock that only advances in the turns, as in production Workers (it advances across I/O only).
    const turn = async () => {
      turns.push(clock);
      clock += 10;
    };
    const out = await runSlice(session, 5_000, { cap: 1_234, turn, now: () => clock });
    expect(out.unitsDone).toBe(1_234);
    expect(session.unitsDone).toBe(1_234);
    expect(turns).toHaveLength(2);
    // Started after the first turn, read after the second: the second turn's 10 ms.
    expect(out.elapsedMs).toBe(10);
    expect(out.nextUnits).toBe(nextSliceUnits(5_000, 1_234, 10));

    const capped = await runSlice(session, 5_000, { cap: 0, turn, now: () => clock });
    expect(capped).toEqual({ unitsDone: 0, elapsedMs: 10, nextUnits: 5_000 });
  });

  it("where the clock moves during synchronous code, the slice's own time counts, not the turn after it", async () => {
    const session = await openSession(releaseModule(), { modelInput: input() }, { seed: 3 });
    let clock = 0;
    const turn = async () => {
      clock += 100;
    };
    // Each read advances the clock by 7 ms, as a clock that runs during the slice would.
    const out = await runSlice(session, 5_000, { turn, now: () => (clock += 7) });
    expect(out.elapsedMs).toBe(7);
    expect(out.nextUnits).toBe(nextSliceUnits(5_000, 5_000, 7));
  });

  it("runs with the default timer turn and clock", async () => {
    const session = await openSession(releaseModule(), { modelInput: input() }, { seed: 3 });
    const out = await runSlice(session, FIRST_SLICE_UNITS);
    expect(out.unitsDone).toBe(FIRST_SLICE_UNITS);
    expect(out.elapsedMs).toBeGreaterThan(0);
    expect(out.nextUnits).toBeGreaterThanOrEqual(MIN_SLICE_UNITS);
    expect(out.nextUnits).toBeLessThanOrEqual(FIRST_SLICE_UNITS * MAX_SLICE_GROWTH);
  });
});

describe("openSession", () => {
  it("creates with the request's weights and seed, or continues from a checkpoint", async () => {
    const modelInput = input();
    const request = { modelInput, config: { model: { overrides: { employeeWorksDuringUnpreferredTimeWeight: 0 } } } };
    const opened = await openSession(releaseModule(), request, { seed: 9 });
    const direct = await SolverSession.create(releaseModule(), encodeProblem(modelInput), {
      seed: 9,
      weights: { employeeWorksDuringUnpreferredTimeWeight: 0 },
    });
    opened.runSlice(30_000);
    direct.runSlice(30_000);
    expect(Array.from(opened.bestAssignment())).toEqual(Array.from(direct.bestAssignment()));
    expect(opened.constraintScores().map((c) => c.weight)).toEqual(direct.constraintScores().map((c) => c.weight));
    expect(opened.constraintScores().some((c) => c.weight === 0)).toBe(true);

    const resumed = await openSession(releaseModule(), request, { seed: 1, checkpoint: opened.checkpoint() });
    expect(resumed.unitsDone).toBe(opened.unitsDone);
    resumed.runSlice(10_000);
    opened.runSlice(10_000);
    expect(formatScore(resumed.bestScore())).toBe(formatScore(opened.bestScore()));
    expect(Array.from(resumed.currentAssignment())).toEqual(Array.from(opened.currentAssignment()));
  });
});

describe("checkpoint policy", () => {
  it("during construction: every CHECKPOINT_INTERVAL_MS, and at once when the phase ends", async () => {
    const session = await openSession(releaseModule(), { modelInput: input() }, { seed: 3 });
    const policy = new CheckpointPolicy(session, 0);
    session.runSlice(10);
    expect(session.phase).toBe("CONSTRUCTION");
    expect(policy.due(session, CHECKPOINT_INTERVAL_MS - 1)).toBe(false);
    expect(policy.due(session, CHECKPOINT_INTERVAL_MS)).toBe(true);
    policy.written(session, CHECKPOINT_INTERVAL_MS);
    expect(policy.due(session, CHECKPOINT_INTERVAL_MS + 1)).toBe(false);
    while (session.phase === "CONSTRUCTION") session.runSlice(100);
    expect(policy.due(session, CHECKPOINT_INTERVAL_MS + 1)).toBe(true);
  });

  it("in local search: only when the best changed, and at most every CHECKPOINT_INTERVAL_MS", async () => {
    const session = await openSession(releaseModule(), { modelInput: input() }, { seed: 3 });
    while (session.phase === "CONSTRUCTION") session.runSlice(1_000);
    const policy = new CheckpointPolicy(session, 0);
    expect(policy.due(session, 10 * CHECKPOINT_INTERVAL_MS)).toBe(false); // nothing changed, however long ago
    // A new best (applyAssignment sets the best too: here, as the exchange of searches does, another solution).
    const before = formatScore(session.bestScore());
    session.applyAssignment(new Int32Array(session.problem.shiftIds.length).fill(-1));
    expect(formatScore(session.bestScore())).not.toBe(before);
    expect(policy.due(session, CHECKPOINT_INTERVAL_MS - 1)).toBe(false); // changed, but too soon
    expect(policy.due(session, CHECKPOINT_INTERVAL_MS)).toBe(true);
    policy.written(session, CHECKPOINT_INTERVAL_MS);
    expect(policy.due(session, 10 * CHECKPOINT_INTERVAL_MS)).toBe(false);
  });
});
