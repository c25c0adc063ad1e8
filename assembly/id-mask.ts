/**
 * Sets of constraint ids as bit masks: MASK_WORDS u64 words, bit (id & 63) of word (id >> 6). The score director
 * tracks which constraints a move touched with them, so it visits only those. Iterate with
 *   for (let w = 0; w < MASK_WORDS; w++) { let m = unchecked(mask[w]); while (m) { const id = (w << 6) | <i32>ctz(m); m &= m - 1; ... } }
 */
export const MASK_WORDS: i32 = 3;
/** Constraint ids a mask can hold. */
export const MASK_CAPACITY: i32 = MASK_WORDS * 64;

export function newMask(): StaticArray<u64> {
  return new StaticArray<u64>(MASK_WORDS);
}

// @ts-ignore: decorator
@inline
export function markId(mask: StaticArray<u64>, id: i32): void {
  unchecked(mask[id >>> 6] |= <u64>1 << <u64>(id & 63));
}

// @ts-ignore: decorator
@inline
export function clearMask(mask: StaticArray<u64>): void {
  for (let w = 0; w < MASK_WORDS; w++) unchecked(mask[w] = 0);
}

// @ts-ignore: decorator
@inline
export function copyMask(dst: StaticArray<u64>, src: StaticArray<u64>): void {
  for (let w = 0; w < MASK_WORDS; w++) unchecked(dst[w] = src[w]);
}

// @ts-ignore: decorator
@inline
export function orMask(dst: StaticArray<u64>, src: StaticArray<u64>): void {
  for (let w = 0; w < MASK_WORDS; w++) unchecked(dst[w] |= src[w]);
}
