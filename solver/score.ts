/** Scores as the API shows them: three levels, penalties negative, compared hard first. */

export type Score = { hard: number; medium: number; soft: number };

/** A score with i64-exact levels (weights up to 10^12 can push levels past 2^53). */
export type ExactScore = { hard: bigint; medium: bigint; soft: bigint };

export const ZERO_SCORE: Score = Object.freeze({ hard: 0, medium: 0, soft: 0 });

/** "0hard/-20medium/0soft" (exact for an ExactScore). */
export function formatScore(s: Score | ExactScore): string {
  return `${s.hard}hard/${s.medium}medium/${s.soft}soft`;
}

const SCORE_PATTERN = /^(-?\d+)hard\/(-?\d+)medium\/(-?\d+)soft$/;

export function parseScore(text: string): Score {
  const m = SCORE_PATTERN.exec(text.trim());
  if (!m) throw new TypeError(`not a score: ${JSON.stringify(text)} (expected e.g. 0hard/-20medium/0soft)`);
  return { hard: Number(m[1]), medium: Number(m[2]), soft: Number(m[3]) };
}

/** Negative when a is worse than b, 0 when equal, positive when better (lexicographic: hard, medium, soft). */
export function compareScores(a: Score, b: Score): number {
  return Math.sign(a.hard - b.hard) || Math.sign(a.medium - b.medium) || Math.sign(a.soft - b.soft);
}
