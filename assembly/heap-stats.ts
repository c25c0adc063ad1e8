/**
 * What the allocator holds (README "Wasm memory"): a walk over the blocks of the TLSF heap, in address order from
 * the first block to the tail. For measurement (bench/wasm-memory.ts, test/node/wasm-memory.test.ts), not used by
 * the solve. Every block's size is its payload; a managed object's payload starts with its 16-byte header (GC
 * info, class id, byte length).
 */
import { ROOT } from "./runtime/tlsf";

/** Block header: its size and two flag bits (free, left free). */
const BLOCK_OVERHEAD: usize = 4;
const TAGS_MASK: usize = 3;
const FREE: usize = 1;
const AL_MASK: usize = 15;
/** Root size (32-bit TLSF: flMap and 23 second-level maps padded to 96 bytes, 23 × 16 heads, tail). */
const ROOT_SIZE: usize = 96 + 23 * 16 * 4 + 4;

/**
 * Writes [used bytes, free bytes, used blocks, n] then n (payload bytes, class id, address) triples of the used blocks
 * of at least `minBytes` (the first `capacity`) at `out`; returns n. The class id is -1 for an unmanaged block
 * (heap.alloc) when its first word is not a plausible object header (a heuristic, for reading only).
 */
export function heapStats(out: usize, capacity: i32, minBytes: i32): i32 {
  if (changetype<usize>(ROOT) == 0) return 0;
  const rootOffset = changetype<usize>(ROOT);
  let block = ((rootOffset + ROOT_SIZE + BLOCK_OVERHEAD + AL_MASK) & ~AL_MASK) - BLOCK_OVERHEAD;
  let used: u64 = 0, free: u64 = 0, blocks: i32 = 0, n = 0;
  const end = <usize>memory.size() << 16;
  while (block < end) {
    const info = load<usize>(block);
    const size = info & ~TAGS_MASK;
    if (size == 0) break;
    if (info & FREE) free += size;
    else {
      used += size;
      blocks++;
      if (size >= <usize>minBytes && n < capacity) {
        const at = out + 16 + <usize>n * 12;
        store<i32>(at, <i32>size);
        store<i32>(at, load<i32>(block + 12), 4);
        store<i32>(at, <i32>block, 8);
        n++;
      }
    }
    block += BLOCK_OVERHEAD + size;
  }
  store<i32>(out, <i32>used);
  store<i32>(out, <i32>free, 4);
  store<i32>(out, blocks, 8);
  store<i32>(out, n, 12);
  return n;
}
