/**
 * The shifts of a model input as compact columns (README "Request bodies": the Durable Object's streamed load), built
 * one shift at a time as the stored request streams in, and read back through `view()`, an array of shifts that
 * makes each shift object when it is read. The encoders, outputs and analyses read `input.shifts[i]` the same way
 * whether the input was parsed whole (an array of objects) or streamed (this view): one encoder, two sources.
 *
 * What a shift costs here:
 * - its id in a StringTable (its characters and 4 bytes);
 * - one record of small numbers, each in a variable number of bytes (7 bits a byte: 1 byte below 128, 2 below
 *   16,384): the index of its shape (the names of its members in their order, shared by every shift with the same
 *   names), then each other member's value as an index into that member's table of distinct values (a dataset
 *   repeats a few hundred timestamps, its employee ids, a few tag lists, priorities, ...: per member, most indices
 *   take 1 or 2 bytes). A value in a table is frozen, with everything in it, since every shift holding it shares it;
 *   equal values of different members are one object;
 * - where the records start, once per BLOCK shifts (a read walks at most BLOCK - 1 records from there, none when the
 *   shifts are read in order).
 * A shift made by the view is a new object with its members in their order: equal (and serialized equal) to the
 * shift as sent.
 */
import type { Shift } from "../schemas/model-input";
import { lazyArray } from "./lazy-array";
import { StringTable } from "./string-table";

/** The table behind each view. */
const tables = new WeakMap<object, ShiftTable>();

/** The ids of `shifts` in input order: the id table's view when they are a ShiftTable's, else a new array. */
export function shiftIdsOf(shifts: readonly Shift[]): string[] {
  const table = tables.get(shifts);
  return table && table.idsComplete ? table.ids.view() : shifts.map((s) => s.id);
}

/** Shifts per recorded record start. */
const BLOCK = 16;

/** The distinct values of one member name, in first-seen order. */
interface Member {
  values: unknown[];
  /** Value key (see `keyOf`) -> index in `values`; dropped by `seal`. */
  index: Map<string, number> | null;
}

interface Shape {
  /** Member names in their order. */
  keys: string[];
  /** Position in `keys` of an `id` whose value is in the id table, else -1. */
  id: number;
  /** The value table of each member in `keys` (null at `id`). */
  members: (Member | null)[];
}

export class ShiftTable {
  readonly ids = new StringTable();
  private members: Map<string, Member> | null = new Map();
  /** Value key -> the one frozen value held for it, whichever member holds it; dropped by `seal`. */
  private shared: Map<string, unknown> | null = new Map();
  private readonly shapes: Shape[] = [];
  private shapeIndex: Map<string, number> | null = new Map();
  /** Every shift's record (shape, then value indices), shift after shift, each number in 1 to 5 bytes. */
  private bytes = new Uint8Array(64 * 1024);
  private used = 0;
  /** Where the record of shift k * BLOCK starts in `bytes`. */
  private blocks = new Int32Array(1024);
  private count = 0;
  private valueCount = 0;
  /** The shift made last and where the record after it starts: encoders read shifts in order, several members in a row. */
  private lastIndex = -1;
  private lastShift: Shift | null = null;
  private lastEnd = 0;

  get length(): number {
    return this.count;
  }

  /** Every shift's id is a string (the id table has them all). */
  idsComplete = true;

  /** Appends a shift (a plain object as JSON.parse makes it); the object is not kept. */
  add(shift: Record<string, unknown>): void {
    const i = this.count++;
    if (i % BLOCK === 0) {
      if (i / BLOCK >= this.blocks.length) this.blocks = growInt32(this.blocks, this.blocks.length * 2);
      this.blocks[i / BLOCK] = this.used;
    }
    const keys = Object.keys(shift);
    const id = typeof shift.id === "string" ? keys.indexOf("id") : -1;
    this.ids.add(id >= 0 ? (shift.id as string) : "");
    if (id < 0) this.idsComplete = false;
    const k = this.shapeOf(keys, id);
    this.write(k);
    const members = this.shapes[k].members;
    for (let m = 0; m < keys.length; m++) if (m !== id) this.write(this.value(members[m]!, shift[keys[m]]));
  }

  /** The shift at `i`, made now. */
  get(i: number): Shift {
    if (i === this.lastIndex) return this.lastShift!;
    let at: number;
    if (i === this.lastIndex + 1 && this.lastIndex >= 0) at = this.lastEnd;
    else {
      at = this.blocks[Math.floor(i / BLOCK)];
      for (let j = i - (i % BLOCK); j < i; j++) at = this.skip(at);
    }
    const bytes = this.bytes;
    // The numbers are read inline (see `write`): this runs for every shift on every pass of the encoders.
    let b = bytes[at++];
    let n = b & 127;
    for (let scale = 128; b >= 128; scale *= 128) n += ((b = bytes[at++]) & 127) * scale;
    const { keys, id, members } = this.shapes[n];
    const made: Record<string, unknown> = {};
    for (let m = 0; m < keys.length; m++) {
      if (m === id) {
        made[keys[m]] = this.ids.get(i);
        continue;
      }
      b = bytes[at++];
      n = b & 127;
      for (let scale = 128; b >= 128; scale *= 128) n += ((b = bytes[at++]) & 127) * scale;
      made[keys[m]] = members[m]!.values[n];
    }
    this.lastIndex = i;
    this.lastShift = made as unknown as Shift;
    this.lastEnd = at;
    return this.lastShift;
  }

  /** No more shifts: the indices used while adding go, the arrays shrink to what they hold. */
  seal(): void {
    for (const member of this.members!.values()) member.index = null;
    this.members = null;
    this.shared = null;
    this.shapeIndex = null;
    this.bytes = this.bytes.slice(0, this.used);
    this.blocks = this.blocks.slice(0, Math.ceil(this.count / BLOCK));
  }

  /** Distinct shapes and values (per member): how well the shifts shared (tests, the memory figures). */
  get sharing(): { shapes: number; values: number } {
    return { shapes: this.shapes.length, values: this.valueCount };
  }

  /** Bytes of the records and their block starts (the memory figures). */
  get recordBytes(): number {
    return this.bytes.byteLength + this.blocks.byteLength;
  }

  /** The id of the shift at `i` without making the shift. */
  idOf(i: number): string {
    return this.ids.get(i);
  }

  /** The shifts as a read-only array (lazy-array.ts) whose members are made by `get`. */
  view(): Shift[] {
    const view = lazyArray(() => this.count, (i) => this.get(i));
    tables.set(view, this);
    return view;
  }

  /** Appends `n` (0 .. 2^32) 7 bits a byte, lowest first, the high bit set on every byte but the last. */
  private write(n: number): void {
    if (this.used + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (n >= 128) {
      this.bytes[this.used++] = (n & 127) | 128;
      n = Math.floor(n / 128);
    }
    this.bytes[this.used++] = n;
  }

  /** Where the record after the one at `at` starts. */
  private skip(at: number): number {
    const bytes = this.bytes;
    let b = bytes[at++];
    let n = b & 127;
    for (let scale = 128; b >= 128; scale *= 128) n += ((b = bytes[at++]) & 127) * scale;
    const { keys, id } = this.shapes[n];
    for (let m = id >= 0 ? 1 : 0; m < keys.length; m++) while (bytes[at++] >= 128);
    return at;
  }

  private value(member: Member, value: unknown): number {
    const key = typeof value === "string" ? `s${value}` : `j${JSON.stringify(value)}`;
    let k = member.index!.get(key);
    if (k === undefined) {
      k = member.values.length;
      member.values.push(this.share(value, key));
      member.index!.set(key, k);
      this.valueCount++;
    }
    return k;
  }

  /** The one frozen value held for `key` (`value`'s), with the strings inside it shared too. */
  private share(value: unknown, key = typeof value === "string" ? `s${value}` : `j${JSON.stringify(value)}`): unknown {
    if (this.shared!.has(key)) return this.shared!.get(key);
    if (value && typeof value === "object" && !Object.isFrozen(value)) {
      const members = value as Record<string, unknown>;
      for (const name of Object.keys(members)) {
        const member = members[name];
        if (typeof member === "string" || (member && typeof member === "object")) members[name] = this.share(member);
      }
      Object.freeze(value);
    }
    this.shared!.set(key, value);
    return value;
  }

  private shapeOf(keys: string[], id: number): number {
    const key = `${id}\u0000${keys.join("\u0000")}`;
    let k = this.shapeIndex!.get(key);
    if (k === undefined) {
      k = this.shapes.length;
      const members = keys.map((name, m) => {
        if (m === id) return null;
        let member = this.members!.get(name);
        if (!member) this.members!.set(name, (member = { values: [], index: new Map() }));
        return member;
      });
      this.shapes.push({ keys, id, members });
      this.shapeIndex!.set(key, k);
    }
    return k;
  }
}

function growInt32(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}
