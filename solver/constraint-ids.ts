/**
 * Named constraint ids the glue refers to (stable API: tests, score analysis and recommendations key on them). The
 * catalogue itself (names, levels, rewards, kinds) comes from the core: catalog.generated.ts.
 */
export const CONSTRAINT_ID = {
  REQUIRED_SKILL: 0,
  OVERLAP: 1,
  UNAVAILABLE: 2,
  AVAILABLE: 3,
  PROHIBITED_EMPLOYEE: 4,
  RISK_FACTOR: 5,
  REQUIRED_TAGS: 6,
  UNASSIGNED: 7,
  UNASSIGNED_OPTIONAL: 8,
  UNPREFERRED_TIME: 9,
  PREFERRED_TIME: 10,
  PREFERRED_SKILL: 11,
  UNPREFERRED_EMPLOYEE: 12,
  PREFERRED_EMPLOYEE: 13,
  PREFERRED_TAGS: 14,
  BALANCE_TIME: 15,
  BALANCE_COUNT: 16,
  /** First contract rule constraint (each kind's `constraintOf` in solver/families/contracts/ maps rule kinds to ids). */
  CONTRACT_FIRST: 17,
  GAPS: 41,
  OUTGOING_DISRUPTION: 52,
  INCOMING_DISRUPTION: 53,
  DISRUPTED: 54,
  COSTS_REQUIRED: 66,
  COSTS_PREFERRED: 67,
  MINIMIZE_COST: 68,
  ACTIVATION_RATIO: 69,
  ACTIVATION_COST: 73,
} as const;
