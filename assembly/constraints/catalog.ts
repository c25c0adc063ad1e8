/**
 * The constraint catalogue: per constraint id its name, level, reward flag, kind and family, filled by the families'
 * `declare()` (constraints/index.ts calls them in order); plus the state every family shares with the score
 * director: which constraints are enabled, and which ones the change being scored touched.
 *
 * Ids are stable (tests, score analysis and recommendations key on them, the glue reads the catalogue from the core)
 * and dense: 0 .. CONSTRAINT_COUNT - 1, each declared exactly once (checked at start).
 *
 * Kinds of unit, by what a change of one shift's employee can affect:
 *   LOCAL      the (shift, employee) pair only: `penalty(s, e)`. Delta = penalty(s, to) - penalty(s, from).
 *   PAIRWISE   pairs of one employee's shifts, scanned in that employee's time-ordered list.
 *   AGGREGATE  a function of loads kept in the families' state (balance, cost, hourly demand), updated by `onAssign`.
 *   EMPLOYEE   a function of one employee's time-ordered shifts (contract rules): a cached value per (employee, rule).
 *   CROSS      a sum of per-shift terms that read other employees' shifts near the shift (pairings).
 */
import { MASK_CAPACITY, newMask, markId } from "../id-mask";
import { CONSTRAINT_COUNT, LEVEL_HARD, LEVEL_SOFT } from "../layout";

/** Number of constraints (assembly/layout.ts, beside the last id); every id below it is declared by one family. */
export { CONSTRAINT_COUNT };
// The score director tracks touched constraints in bit masks (id-mask.ts, score.ts).
// @ts-ignore: top-level assert
assert(CONSTRAINT_COUNT <= MASK_CAPACITY);

export const KIND_LOCAL: i32 = 0;
export const KIND_PAIRWISE: i32 = 1;
export const KIND_AGGREGATE: i32 = 2;
export const KIND_EMPLOYEE: i32 = 3;
export const KIND_CROSS: i32 = 4;

/** Whether matches add to the score (`register`'s `reward`). */
export const REWARD = true;
export const PENALTY = false;

const names = new StaticArray<string>(CONSTRAINT_COUNT);
const levels = new StaticArray<i32>(CONSTRAINT_COUNT);
const rewards = new StaticArray<bool>(CONSTRAINT_COUNT);
const kinds = new StaticArray<i32>(CONSTRAINT_COUNT);
const families = new StaticArray<i32>(CONSTRAINT_COUNT);
for (let id = 0; id < CONSTRAINT_COUNT; id++) families[id] = -1;

/** Declares constraint `id` (a family's `declare()`); each id once. */
export function register(id: i32, name: string, level: i32, reward: bool, kind: i32, family: i32): void {
  assert(id >= 0 && id < CONSTRAINT_COUNT && families[id] < 0, "constraint id out of range or declared twice");
  names[id] = name;
  levels[id] = level;
  rewards[id] = reward;
  kinds[id] = kind;
  families[id] = family;
}

/**
 * Declares a contract rule's REQUIRED variant (hard) at `id` and its PREFERRED one (soft) at `id + 1`: `name` with
 * "{}" for "required" / "preferred" (the reference's names).
 */
export function registerPair(id: i32, name: string, kind: i32, family: i32): void {
  register(id, name.replace("{}", "required"), LEVEL_HARD, PENALTY, kind, family);
  register(id + 1, name.replace("{}", "preferred"), LEVEL_SOFT, PENALTY, kind, family);
}

/** Checks that every id was declared (after the families' `declare()`). */
export function checkCatalogue(): void {
  for (let id = 0; id < CONSTRAINT_COUNT; id++) assert(families[id] >= 0, "constraint id not declared");
}

export function constraintName(id: i32): string {
  return names[id];
}

export function constraintLevel(id: i32): i32 {
  return levels[id];
}

/** Rewards add to the score; every other constraint is a penalty. */
export function isReward(id: i32): bool {
  return rewards[id];
}

export function constraintKind(id: i32): i32 {
  return kinds[id];
}

/** Whether `id` is a constraint scored by compiled contract rules (constraints/contracts.ts): the EMPLOYEE kind. */
export function isRuleConstraint(id: i32): bool {
  return id >= 0 && id < CONSTRAINT_COUNT && kinds[id] == KIND_EMPLOYEE;
}

// @ts-ignore: decorator
@inline
export function familyOf(id: i32): i32 {
  return unchecked(families[id]);
}

/** Per constraint id: enabled (weight != 0); maintained by the score director. */
export const enabled = new StaticArray<bool>(CONSTRAINT_COUNT);

/** Bit per constraint id written since the last reset: lets the score director visit only those. */
export const touched = newMask();

/** raw[id] += sign × v, marking id touched when v != 0. */
// @ts-ignore: decorator
@inline
export function add(raw: StaticArray<i64>, id: i32, sign: i64, v: i64): void {
  if (v != 0) {
    unchecked(raw[id] += sign * v);
    markId(touched, id);
  }
}

/** Running hard delta of `addHardUntil` (score units, penalties negative). */
export let hardRunning: i64 = 0;

export function setHardRunning(v: i64): void {
  hardRunning = v;
}

/** Adds v to raw[id] and its weighted penalty to `hardRunning`; false once the running delta is below `floor`. */
// @ts-ignore: decorator
@inline
export function addHard(raw: StaticArray<i64>, id: i32, v: i64, weight: StaticArray<i64>, floor: i64): bool {
  if (v == 0) return true;
  unchecked(raw[id] += v);
  markId(touched, id);
  hardRunning -= unchecked(weight[id]) * v;
  return hardRunning >= floor;
}

/** Families, in registry order (constraints/index.ts). */
export const FAMILY_LOCAL: i32 = 0;
export const FAMILY_OVERLAP: i32 = 1;
export const FAMILY_BALANCE: i32 = 2;
export const FAMILY_CONTRACTS: i32 = 3;
export const FAMILY_COST: i32 = 4;
export const FAMILY_DEMAND: i32 = 5;
export const FAMILY_PAIRINGS: i32 = 6;
export const FAMILY_TRAVEL_GAP: i32 = 7;
