/**
 * The planner's engine on the page: one SolverSession of the shared glue holding the plan's working assignment.
 * Every what-if, drag and recommendation is evaluated here, in the same .wasm the Durable Objects solve with; the
 * session is never run (solving happens in a Web Worker on a session of its own).
 *
 * Pinned shifts are part of the encoded problem, so pinning or unpinning rebuilds the session (a few ms).
 */
import type { ModelInput } from "../../../schemas/model-input";
import type { SolvingRequest } from "../../../schemas/solving-request";
import { openSession } from "../../../solver/open-session";
import { submittedAssignment } from "../../../solver/output";
import type { ConstraintScore, SolverSession } from "../../../solver/session";
import type { Score } from "../../../solver/score";
import { inputWithStates, type ShiftState } from "../state/plan";

export class PlannerSession {
  private constructor(
    readonly module: WebAssembly.Module,
    readonly request: SolvingRequest,
    readonly session: SolverSession,
    /** Employee index by id. */
    readonly employeeIndex: Map<string, number>,
  ) {}

  /** A session on the request's input, holding the assignment its shifts carry. */
  static async open(module: WebAssembly.Module, request: SolvingRequest): Promise<PlannerSession> {
    const input = request.modelInput;
    const session = await openSession(module, request);
    session.applyAssignment(submittedAssignment(input));
    return new PlannerSession(module, request, session, new Map(input.employees.map((e, i) => [e.id, i])));
  }

  get input(): ModelInput {
    return this.request.modelInput;
  }

  get shiftCount(): number {
    return this.input.shifts.length;
  }

  get employeeCount(): number {
    return this.input.employees.length;
  }

  /** Employee index per shift (-1 unassigned). A copy. */
  assignment(): Int32Array {
    return this.session.currentAssignment();
  }

  isPinned(shiftIndex: number): boolean {
    return this.session.problem.shiftPinned[shiftIndex] === 1;
  }

  score(): Score {
    return this.session.currentScore();
  }

  constraints(): ConstraintScore[] {
    return this.session.constraintScores();
  }

  /** Shift -> employee (-1 unassigns). Throws SolverError for a pinned shift. */
  move(shiftIndex: number, employeeIndex: number): void {
    this.session.move(shiftIndex, employeeIndex);
  }

  /** Replaces the whole working assignment (a solve's result); pinned shifts keep theirs. */
  applyAssignment(assignment: Int32Array): void {
    this.session.applyAssignment(assignment);
  }

  /** Every shift's working employee id and pinned flag, for storing and sending. */
  states(): ShiftState[] {
    const a = this.assignment();
    return this.input.shifts.map((s, i) => ({
      employee: a[i] >= 0 ? this.input.employees[a[i]].id : null,
      pinned: s.pinned === true,
    }));
  }

  /** The request with the working state written into its shifts. */
  workingRequest(): SolvingRequest {
    return { ...this.request, modelInput: inputWithStates(this.input, this.states()) };
  }

  /** A new session with the shift's pin toggled (the shift keeps its working employee). */
  async withPinToggled(shiftIndex: number): Promise<PlannerSession> {
    const states = this.states();
    states[shiftIndex] = { ...states[shiftIndex], pinned: !states[shiftIndex].pinned };
    return this.withStates(states);
  }

  /** A new session with every assigned shift pinned (or every pin removed). */
  async withAllPinned(pinned: boolean): Promise<PlannerSession> {
    const states = this.states().map((s) => ({ ...s, pinned: pinned ? s.employee !== null : false }));
    return this.withStates(states);
  }

  private async withStates(states: ShiftState[]): Promise<PlannerSession> {
    const request = { ...this.request, modelInput: inputWithStates(this.input, states) };
    return PlannerSession.open(this.module, request);
  }
}
