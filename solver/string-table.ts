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
