/** Public API of the solver glue: encode a ModelInput, run a SolverSession on the Wasm core, decode the result. */
export { encodeProblem, packProblem, toMinutes, priorityWeight, type EncodedProblem } from "./encode";
export { decodeAssignment } from "./decode";
export { formatScore, parseScore, compareScores, ZERO_SCORE, type Score } from "./score";
export {
  SolverSession, SolverError, COMPOUND_MOVE_KINDS, type CompoundMoveKind, type SolverOptions, type ConstraintScore, type ConstraintLevel, type SolverPhase,
} from "./session";
export { LAYOUT_VERSION } from "./layout";
export {
  tagRulesIgnored, deprecatedPriorityEmployees, shiftAssignmentWeights, historicShifts, workedMinutes,
  employeePriorityMultiplier,
} from "./encode";
export { CONSTRAINTS, CONSTRAINT_ID, constraintIdForWeightKey, type ConstraintInfo } from "./constraints";
export {
  scoreAnalysis, evaluateAssignments, type ScoreAnalysisResult, type ConstraintAnalysis, type ConstraintMatch,
  type Justification, type AssignmentEvaluation, type ConstraintDiff,
} from "./explain";
export { employeeMetrics, extraKpis, type EmployeeMetrics, type EmployeeOutput, type ExtraKpis } from "./metrics";
export type { ExactScore } from "./score";
export {
  withGeneratedShifts, generationInfo, demandKpis, generatedShiftsOutput, type DemandKpis, type OutputGeneratedShift,
} from "./shift-generation";
export type { EncodedDemand, DemandInterval } from "./encode-demand";
