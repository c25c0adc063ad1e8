/**
 * A contract rule match as the core records it (assembly/constraints/view.ts `record`): CONTRACT_MATCH_WORDS words,
 * read one at a time from the pages of records session.ts `contractMatchesPage` copies out (a score analysis makes
 * each match's object as it writes it).
 */
export interface ContractMatch {
  employee: number;
  /** Index into problem.contractRules. */
  rule: number;
  penalty: number;
  a: number;
  b: number;
  c: number;
  d: number;
}

/** Words of one contract match record (session.contractMatchesPage). */
export const CONTRACT_MATCH_WORDS = 8;

/** The `i`th match of contract match records. */
export function contractMatchAt(records: Int32Array, i: number): ContractMatch {
  const at = i * CONTRACT_MATCH_WORDS;
  const penalty = (records[at + 2] >>> 0) + records[at + 3] * 4294967296;
  return { employee: records[at], rule: records[at + 1], penalty, a: records[at + 4], b: records[at + 5], c: records[at + 6], d: records[at + 7] };
}
