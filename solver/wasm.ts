/**
 * Instantiation of the Rota core and the shape of its raw exports (assembly/index.ts). Takes an already compiled
 * WebAssembly.Module: workerd forbids compiling from bytes at run time, so the module is always provided statically
 * (`import mod from "../build/rota.wasm"` in workerd, `new WebAssembly.Module(bytes)` in Node). No file access here.
 */
import { LAYOUT_VERSION } from "./layout";

export interface RotaExports {
  memory: WebAssembly.Memory;
  layoutVersion(): number;
  alloc(bytes: number): number;
  free(ptr: number): void;
  loadProblem(ptr: number, words: number): number;
  beginLoad(ptr: number): number;
  allocateSections(): number;
  sectionAddress(id: number): number;
  sectionStride(id: number): number;
  finishLoad(): number;
  shiftCount(): number;
  employeeCount(): number;
  constraintCount(): number;
  constraintName(id: number): number;
  constraintLevel(id: number): number;
  constraintIsReward(id: number): number;
  constraintKind(id: number): number;
  setConstraintWeight(id: number, weight: bigint): number;
  constraintWeightOf(id: number): bigint;
  setLahcLength(length: number): number;
  setContractWindowMinList(length: number): number;
  setAcceptor(kind: number, hard: number, medium: number, soft: number, halfLife: bigint): number;
  setSearchPeriods(stall: bigint, kick: bigint): number;
  compoundMoveCount(kind: number, accepted: number): bigint;
  moveShare(kind: number): number;
  searchFlags(): number;
  start(seed: number): number;
  runSlice(budget: number): number;
  phase(): number;
  unitsDone(): bigint;
  localSearchSteps(): bigint;
  currentScore(level: number): bigint;
  bestScore(level: number): bigint;
  scoreFromScratch(level: number): bigint;
  constraintScore(id: number): bigint;
  constraintScoreFromScratch(id: number): bigint;
  constraintMatchCount(id: number): number;
  currentAssignmentPointer(): number;
  bestAssignmentPtr(): number;
  manualChange(shift: number, employee: number): number;
  manualSwap(a: number, b: number): number;
  manualPairReroster(e: number, f: number, s: number): number;
  manualCoverCompletion(s: number): number;
  trialChange(shift: number, employee: number): number;
  localPenalty(id: number, shift: number, employee: number): bigint;
  overlapPartners(shift: number, employee: number): number;
  coverTaker(shift: number): number;
  staleBreachSums(): number;
  overlapMatches(out: number, capacity: number): number;
  contractMatches(out: number, capacity: number): number;
  contractMatchesPage(out: number, from: number, capacity: number): number;
  constraintScoresInto(out: number): void;
  matchCountsInto(out: number): void;
  contractMatchCount(id: number): bigint;
  costPeriodTotal(period: number): bigint;
  costPeriodPenalty(period: number): bigint;
  costGroupActivated(group: number): number;
  costGroupPenalty(group: number): bigint;
  costEmployeeActivating(employee: number): number;
  balanceRuleCount(): number;
  balanceRuleKind(rule: number): number;
  balanceRulePenalty(rule: number): bigint;
  balanceRulePenaltyCurrent(rule: number): bigint;
  balanceRuleLoad(rule: number, employee: number): bigint;
  applyAssignment(ptr: number): number;
  checkpointSize(): number;
  checkpointWrite(ptr: number): number;
  checkpointRestore(ptr: number, bytes: number): number;
  loadDemand(ptr: number, words: number): number;
  demandShiftsWorked(interval: number): number;
  demandIntervalPenalty(id: number, interval: number): bigint;
  demandParentFilled(parent: number): number;
  demandParentPenalty(parent: number): bigint;
  loadPairings(ptr: number, words: number): number;
  pairingMatches(out: number, capacity: number): number;
  heapStats(out: number, capacity: number, minBytes: number): number;
}

/** Reads an AssemblyScript string: UTF-16 code units, byte length in the u32 before the data. */
export function readString(memory: WebAssembly.Memory, ptr: number): string {
  if (!ptr) return "";
  const bytes = new Uint32Array(memory.buffer, (ptr >>> 0) - 4, 1)[0];
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr >>> 0, bytes >>> 1));
}

export async function instantiateRota(module: WebAssembly.Module): Promise<RotaExports> {
  let memory: WebAssembly.Memory | undefined;
  const env = {
    abort(message: number, file: number, line: number, column: number): never {
      const text = memory ? `${readString(memory, message)} in ${readString(memory, file)}:${line}:${column}` : "abort";
      throw new Error(`rota core aborted: ${text}`);
    },
  };
  const instance = await WebAssembly.instantiate(module, { env });
  const exports = instance.exports as unknown as RotaExports;
  memory = exports.memory;
  const version = exports.layoutVersion();
  if (version !== LAYOUT_VERSION) {
    throw new Error(`rota core layout version ${version} does not match the glue's ${LAYOUT_VERSION}: rebuild build/rota.wasm`);
  }
  return exports;
}
