/** Public API of the solver glue: encode a ModelInput, run a SolverSession on the Wasm core, decode the result. */
export { encodeProblem, packProblem, toMinutes, priorityWeight, type EncodedProblem } from "./encode";
export { decodeAssignment } from "./decode";
export { formatScore, parseScore, compareScores, ZERO_SCORE, type Score } from "./score";
export {
  SolverSession, SolverError, type SolverOptions, type ConstraintScore, type ConstraintLevel, type SolverPhase,
} from "./session";
export { LAYOUT_VERSION } from "./layout";
