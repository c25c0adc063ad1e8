/**
 * The shifts of a model input as compact columns (README "Request bodies": the Durable Object's streamed load), built
 * one shift at a time as the stored request streams in, and read back through `view()`, an array of shifts that
 * makes each shift object when it is read. The encoders, outputs and analyses read `input.shifts[i]` the same way
 * whether the input was parsed whole (an array of objects) or streamed (this view): one encoder, two sources.
 *
 * What a shift costs here:
 * - its id in a StringTable (its characters and 4 bytes);
 * - the names of its members, in their order, as the index of a shape shared by every shift with the same names:
 *   4 bytes, and 4 more for where its values start;
 * - each other member's value as an index into one table of distinct values (4 bytes a member): a dataset repeats a
 *   few hundred timestamps, its employee ids, a few tag lists, priorities, ... A value in that table is frozen, with
 *   everything in it, since every shift holding it shares it.
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

interface Shape {
  /** Member names in their order. */
  keys: string[];
  /** Position in `keys` of an `id` whose value is in the id table, else -1. */
  id: number;
}

export class ShiftTable {
  readonly ids = new StringTable();
  private readonly values: unknown[] = [];
  private valueIndex: Map<string, number> | null = new Map();
  private readonly shapes: Shape[] = [];
  private shapeIndex: Map<string, number> | null = new Map();
  /** Per shift: its shape index. */
  private shape = new Int32Array(1024);
  /** Per shift: where its member values start in `data`; one more at the end. */
  private first = new Int32Array(1025);
  /** The value indices of every shift's members but a table id, shift after shift. */
  private data = new Int32Array(8192);
  private count = 0;
  private used = 0;
  /** The shift made last: encoders read several members of one shift in a row. */
  private lastIndex = -1;
  private lastShift: Shift | null = null;

  get length(): number {
    return this.count;
  }

  /** Every shift's id is a string (the id table has them all). */
  idsComplete = true;

  /** Appends a shift (a plain object as JSON.parse makes it); the object is not kept. */
  add(shift: Record<string, unknown>): void {
    const i = this.count++;
    if (this.count >= this.shape.length) {
      this.shape = grow(this.shape, this.shape.length * 2);
      this.first = grow(this.first, this.shape.length + 1);
    }
    const keys = Object.keys(shift);
    const id = typeof shift.id === "string" ? keys.indexOf("id") : -1;
    this.ids.add(id >= 0 ? (shift.id as string) : "");
    if (id < 0) this.idsComplete = false;
    this.shape[i] = this.shapeOf(keys, id);
    if (this.used + keys.length > this.data.length) this.data = grow(this.data, Math.max(this.data.length * 2, this.used + keys.length));
    for (let k = 0; k < keys.length; k++) if (k !== id) this.data[this.used++] = this.value(shift[keys[k]]);
    this.first[i + 1] = this.used;
  }

  /** The shift at `i`, made now. */
  get(i: number): Shift {
    if (i === this.lastIndex) return this.lastShift!;
    const { keys, id } = this.shapes[this.shape[i]];
    const shift: Record<string, unknown> = {};
    let at = this.first[i];
    for (let k = 0; k < keys.length; k++) shift[keys[k]] = k === id ? this.ids.get(i) : this.values[this.data[at++]];
    this.lastIndex = i;
    this.lastShift = shift as unknown as Shift;
    return this.lastShift;
  }

  /** No more shifts: the indices used while adding go, the arrays shrink to what they hold. */
  seal(): void {
    this.valueIndex = null;
    this.shapeIndex = null;
    this.shape = this.shape.slice(0, this.count);
    this.first = this.first.slice(0, this.count + 1);
    this.data = this.data.slice(0, this.used);
  }

  /** Distinct shapes and values: how well the shifts shared (tests, the memory figures). */
  get sharing(): { shapes: number; values: number } {
    return { shapes: this.shapes.length, values: this.values.length };
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

  private value(value: unknown): number {
    const key = typeof value === "string" ? `s${value}` : `j${JSON.stringify(value)}`;
    let k = this.valueIndex!.get(key);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(deepFreeze(value));
      this.valueIndex!.set(key, k);
    }
    return k;
  }

  private shapeOf(keys: string[], id: number): number {
    const key = `${id}\u0000${keys.join("\u0000")}`;
    let k = this.shapeIndex!.get(key);
    if (k === undefined) {
      k = this.shapes.length;
      this.shapes.push({ keys, id });
      this.shapeIndex!.set(key, k);
    }
    return k;
  }
}

function grow(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
