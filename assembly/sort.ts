/** Stable index sorting for the one-time derived orders of the problem (never called in the search loop). */

/**
 * Sorts `out[0..n)` (indices) ascending by `keys[index]`, ties kept in their incoming order (stable), so that
 * derived orders are identical on every engine instance. Bottom-up merge sort: O(n log n), one scratch buffer.
 */
export function sortIndicesByKey(out: StaticArray<i32>, n: i32, keys: StaticArray<i64>): void {
  let src = out;
  let dst = new StaticArray<i32>(n);
  for (let width = 1; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = min(lo + width, n);
      const hi = min(lo + (width << 1), n);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        const a = src[i], b = src[j];
        if (keys[b] < keys[a]) { dst[k++] = b; j++; } else { dst[k++] = a; i++; }
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    const t = src; src = dst; dst = t;
  }
  if (src !== out) for (let i = 0; i < n; i++) out[i] = src[i];
}
