/**
 * A compact table of many strings (README "Request bodies": the Durable Object's streamed load): the shift ids of a
 * dataset. Strings are appended in order and read back by index; every CHUNK of them is joined into one flat string
 * with the end offset of each in an Int32Array, so 400,000 ids cost their characters plus 4 bytes each instead of a
 * string object (16-32 bytes of header) and an array slot apiece. A read slices the chunk (a new string, dropped by
 * the caller).
 */
import { lazyArray } from "./lazy-array";

const CHUNK = 1024;

export class StringTable {
  private readonly chunks: string[] = [];
  private pending: string[] = [];
  /** Per string, where it ends in its chunk. */
  private ends = new Int32Array(CHUNK);
  private count = 0;
  private pendingChars = 0;

  get length(): number {
    return this.count;
  }

  add(value: string): number {
    const i = this.count++;
    if (i >= this.ends.length) {
      const grown = new Int32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.pendingChars += value.length;
    this.ends[i] = this.pendingChars;
    this.pending.push(value);
    if (this.pending.length === CHUNK) this.seal();
    return i;
  }

  get(i: number): string {
    const chunk = Math.floor(i / CHUNK);
    if (chunk === this.chunks.length) return this.pending[i - chunk * CHUNK];
    const start = i % CHUNK === 0 ? 0 : this.ends[i - 1];
    return this.chunks[chunk].slice(start, this.ends[i]);
  }

  /**
   * The indices holding `value`, in order, found through a hash of the strings (open addressing, an Int32 slot per
   * string and as many again at most, made on the first call: a patch's `[id=...]` selectors, worker/derived-request.ts).
   */
  positionsOf(value: string): number[] {
    if (!this.slots || this.slotsCount !== this.count) this.makeSlots();
    const slots = this.slots!;
    const mask = slots.length - 1;
    const found: number[] = [];
    for (let h = hashOf(value) & mask; slots[h] >= 0; h = (h + 1) & mask) if (this.get(slots[h]) === value) found.push(slots[h]);
    return found.sort((a, b) => a - b);
  }

  private slots: Int32Array | null = null;
  private slotsCount = 0;

  private makeSlots(): void {
    let size = 2;
    while (size < this.count * 2) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let i = 0; i < this.count; i++) {
      let h = hashOf(this.get(i)) & mask;
      while (slots[h] >= 0) h = (h + 1) & mask;
      slots[h] = i;
    }
    this.slots = slots;
    this.slotsCount = this.count;
  }

  /** The strings as a read-only array (lazy-array.ts). */
  view(): string[] {
    return lazyArray(() => this.count, (i) => this.get(i));
  }

  /** Bytes held (characters at 1 or 2 bytes, the offsets), for the memory figures. */
  get bytes(): number {
    let chars = 0;
    for (const c of this.chunks) chars += c.length;
    return chars + this.ends.byteLength;
  }

  private seal(): void {
    this.chunks.push(this.pending.join(""));
    this.pending = [];
    this.pendingChars = 0;
  }
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
