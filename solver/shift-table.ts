/**
 * The shifts of a model input as compact columns (README "Request bodies": the Durable Object's streamed load), built
 * one shift at a time as the stored request streams in, and read back through `view()`, an array of shifts that
 * makes each shift object when it is read. The encoders, outputs and analyses read `input.shifts[i]` the same way
 * whether the input was parsed whole (an array of objects) or streamed (this view): one encoder, two sources.
 *
 * What a shift costs here:
 * - its id in a StringTable (its characters and 4 bytes);
 * - its start, end and employee as indices into one table of distinct strings (a dataset repeats a few hundred
 *   timestamps and its employee ids): 12 bytes;
 * - everything else (tags, skills, breaks, priority, pinned, ..., and the order of its members) as the index of a
 *   template shared by every shift equal to it apart from those four members: 4 bytes. A template is frozen, with
 *   everything in it, since the shifts made from it share its arrays and objects.
 * A shift made by the view is a new object with the members of its template, in their order, and its own id, start,
 * end and employee: equal (and serialized equal) to the shift as sent.
 */
import type { Shift } from "../schemas/model-input";
import { StringTable } from "./string-table";

/** The members taken out of a shift into columns, in the bit order of a template's mask. */
const COLUMNS = ["id", "start", "end", "employee"] as const;

interface Template {
  /** Members in their order; a column member's value is a placeholder, overwritten when a shift is made. */
  shape: Record<string, unknown>;
  /** Bit k: member COLUMNS[k] comes from its column. */
  mask: number;
}

export class ShiftTable {
  readonly ids = new StringTable();
  private readonly values: string[] = [];
  private valueIndex: Map<string, number> | null = new Map();
  private readonly templates: Template[] = [];
  private templateIndex: Map<string, number> | null = new Map();
  /** Per shift: start, end, employee (value indices, -1 when not from a column), template index. */
  private columns = new Int32Array(4 * 1024);
  private count = 0;
  /** The shift made last: encoders read several members of one shift in a row. */
  private lastIndex = -1;
  private lastShift: Shift | null = null;

  get length(): number {
    return this.count;
  }

  /** Appends a shift (a plain object as JSON.parse makes it); the object is not kept. */
  add(shift: Record<string, unknown>): void {
    const i = this.count++;
    if (4 * this.count > this.columns.length) {
      const grown = new Int32Array(this.columns.length * 2);
      grown.set(this.columns);
      this.columns = grown;
    }
    let mask = 0;
    const shape: Record<string, unknown> = {};
    for (const key of Object.keys(shift)) {
      const column = COLUMNS.indexOf(key as (typeof COLUMNS)[number]);
      const value = shift[key];
      if (column >= 0 && typeof value === "string") {
        mask |= 1 << column;
        shape[key] = 0;
      } else {
        shape[key] = value;
      }
    }
    this.ids.add(mask & 1 ? (shift.id as string) : "");
    for (let c = 1; c < 4; c++) this.columns[4 * i + c - 1] = mask & (1 << c) ? this.value(shift[COLUMNS[c]] as string) : -1;
    this.columns[4 * i + 3] = this.template(shape, mask);
  }

  /** The shift at `i`, made now. */
  get(i: number): Shift {
    if (i === this.lastIndex) return this.lastShift!;
    const { shape, mask } = this.templates[this.columns[4 * i + 3]];
    const shift: Record<string, unknown> = { ...shape };
    if (mask & 1) shift.id = this.ids.get(i);
    if (mask & 2) shift.start = this.values[this.columns[4 * i]];
    if (mask & 4) shift.end = this.values[this.columns[4 * i + 1]];
    if (mask & 8) shift.employee = this.values[this.columns[4 * i + 2]];
    this.lastIndex = i;
    this.lastShift = shift as unknown as Shift;
    return this.lastShift;
  }

  /** The id of the shift at `i` without making the shift. */
  idOf(i: number): string {
    return this.ids.get(i);
  }

  /** No more shifts: the indices used while adding go. */
  seal(): void {
    this.valueIndex = null;
    this.templateIndex = null;
    if (this.columns.length > 4 * this.count) this.columns = this.columns.slice(0, 4 * this.count);
  }

  /** Distinct templates and distinct column strings: how well the shifts shared (tests, the memory figures). */
  get sharing(): { templates: number; values: number } {
    return { templates: this.templates.length, values: this.values.length };
  }

  /**
   * The shifts as a read-only array: indices make shifts (`get`), `length` is the count, and every array method
   * (map, forEach, filter, iteration, ...) works through those. Writes throw.
   */
  view(): Shift[] {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const table = this;
    const handler: ProxyHandler<Shift[]> = {
      get(target, key, receiver) {
        if (typeof key === "string") {
          const c = key.charCodeAt(0);
          if (c >= 48 && c <= 57) {
            const i = Number(key);
            if (Number.isInteger(i) && i < table.count && String(i) === key) return table.get(i);
          } else if (key === "length") {
            return table.count;
          }
        }
        return Reflect.get(target, key, receiver);
      },
      has(target, key) {
        if (typeof key === "string") {
          const i = Number(key);
          if (Number.isInteger(i) && i >= 0 && i < table.count && String(i) === key) return true;
        }
        return Reflect.has(target, key);
      },
      getOwnPropertyDescriptor(target, key) {
        if (typeof key === "string") {
          const i = Number(key);
          if (Number.isInteger(i) && i >= 0 && i < table.count && String(i) === key) {
            return { value: table.get(i), writable: false, enumerable: true, configurable: true };
          }
        }
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
      ownKeys(target) {
        return [...Array.from({ length: table.count }, (_v, i) => String(i)), ...Reflect.ownKeys(target)];
      },
      set() {
        throw new TypeError("The shifts of a streamed input are read-only.");
      },
      deleteProperty() {
        throw new TypeError("The shifts of a streamed input are read-only.");
      },
      defineProperty() {
        throw new TypeError("The shifts of a streamed input are read-only.");
      },
    };
    return new Proxy([] as Shift[], handler);
  }

  private value(text: string): number {
    let k = this.valueIndex!.get(text);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(text);
      this.valueIndex!.set(text, k);
    }
    return k;
  }

  private template(shape: Record<string, unknown>, mask: number): number {
    const key = `${mask}${JSON.stringify(shape)}`;
    let k = this.templateIndex!.get(key);
    if (k === undefined) {
      k = this.templates.length;
      this.templates.push({ shape: deepFreeze(shape), mask });
      this.templateIndex!.set(key, k);
    }
    return k;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
