/**
 * A growable buffer of match records for explanations: RECORD_WORDS i32 words per match, [owner, rule, penalty low,
 * penalty high, a, b, c, d], the owner and a..d meaning what the recording family says (constraints/view.ts for the
 * contract rules, constraints/pairings.ts for pairings). Only the score analysis records; the search never does.
 */
export const RECORD_WORDS: i32 = 8;

export class MatchRecords {
  words: StaticArray<i32> = new StaticArray<i32>(0);
  count: i32 = 0;

  clear(): void {
    this.count = 0;
  }

  /**
   * Clears, and makes room for `records` records at once when there is less (a recording that knows its count
   * grows the core's memory by one buffer of them, not by every doubling on the way).
   */
  clearFor(records: i32): void {
    this.count = 0;
    if (records * RECORD_WORDS > this.words.length) this.words = new StaticArray<i32>(records * RECORD_WORDS);
  }

  push(owner: i32, rule: i32, penalty: i64, a: i32, b: i32, c: i32, d: i32): void {
    const at = this.count * RECORD_WORDS;
    if (at + RECORD_WORDS > this.words.length) {
      const grown = new StaticArray<i32>(max(64 * RECORD_WORDS, this.words.length << 1));
      for (let i = 0; i < this.words.length; i++) grown[i] = this.words[i];
      this.words = grown;
    }
    const w = this.words;
    w[at] = owner;
    w[at + 1] = rule;
    w[at + 2] = <i32>penalty;
    w[at + 3] = <i32>(penalty >> 32);
    w[at + 4] = a;
    w[at + 5] = b;
    w[at + 6] = c;
    w[at + 7] = d;
    this.count++;
  }

  /** Copies records `from` .. `from + capacity` (those there are) to `out`; returns how many it copied. */
  copyRange(out: usize, from: i32, capacity: i32): i32 {
    const n = max(0, min(this.count - from, capacity));
    if (n > 0 && from >= 0) memory.copy(out, changetype<usize>(this.words) + (<usize>from * RECORD_WORDS << 2), <usize>(n * RECORD_WORDS * 4));
    return from >= 0 ? n : 0;
  }

  /** Copies at most `capacity` records to `out`; returns how many there are. */
  copyTo(out: usize, capacity: i32): i32 {
    if (capacity > 0) memory.copy(out, changetype<usize>(this.words), <usize>(min(this.count, capacity) * RECORD_WORDS * 4));
    return this.count;
  }
}
