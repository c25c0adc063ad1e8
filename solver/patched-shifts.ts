/**
 * The shifts of a request read as a stream (a ShiftTable, read-request.ts) as a list that a patch edits (model/patch.ts
 * `PatchList`; README "Request bodies": the base of a patch) without making them objects: a shift of the table is made
 * when it is read, and only what the patch sets or inserts is held as a value.
 * - Until a shift is inserted or removed, a position is the table's index and the values set are kept by position.
 * - From the first insertion or removal on, one number per position: the table's index (0 or more), or -1 - k for
 *   the k-th value set (4 to 8 bytes a shift: 3.2 MB at 400,000).
 * `[id=...]` selectors find the table's shifts through a hash of the ids (string-table.ts `positionsOf`); a selector
 * on another member makes each table shift in turn until one matches.
 */
import { PatchList, selects } from "../model/patch";
import type { StringTable } from "./string-table";

export class PatchedShifts extends PatchList {
  private replaced: Map<number, unknown> | null = new Map();
  private items: number[] | null = null;
  private readonly own: unknown[] = [];

  /**
   * @param count the table's shifts
   * @param base the table's shift at an index (made when read; the patch copies it before changing it)
   * @param ids the table's ids, when every shift's id is a string in it (else selectors on `id` scan too)
   */
  constructor(
    private readonly count: number,
    private readonly base: (i: number) => unknown,
    private readonly ids: StringTable | null,
  ) {
    super();
  }

  get length(): number {
    return this.items ? this.items.length : this.count;
  }

  get(at: number): unknown {
    if (this.items) {
      const v = this.items[at];
      return v >= 0 ? this.base(v) : this.own[-1 - v];
    }
    return this.replaced!.has(at) ? this.replaced!.get(at) : this.base(at);
  }

  set(at: number, value: unknown): void {
    if (this.items) this.items[at] = -this.own.push(value);
    else this.replaced!.set(at, value);
  }

  insert(at: number, value: unknown): void {
    this.itemList().splice(at, 0, -this.own.push(value));
  }

  remove(at: number): void {
    this.itemList().splice(at, 1);
  }

  find(field: string, value: string): number {
    const candidates = field === "id" && this.ids ? this.ids.positionsOf(value) : null;
    if (this.items) {
      const items = this.items;
      const wanted = candidates ? new Set(candidates) : null;
      for (let p = 0; p < items.length; p++) {
        const v = items[p];
        if (v < 0 ? selects(this.own[-1 - v], field, value) : wanted ? wanted.has(v) : selects(this.base(v), field, value)) return p;
      }
      return -1;
    }
    const replaced = this.replaced!;
    let best = -1;
    for (const [p, v] of replaced) if ((best < 0 || p < best) && selects(v, field, value)) best = p;
    const end = best < 0 ? this.count : best;
    if (candidates) {
      for (const c of candidates) {
        if (c >= end) break;
        if (!replaced.has(c)) return c;
      }
      return best;
    }
    for (let p = 0; p < end; p++) if (!replaced.has(p) && selects(this.base(p), field, value)) return p;
    return best;
  }

  private itemList(): number[] {
    if (!this.items) {
      const items = Array.from({ length: this.count }, (_v, i) => i);
      for (const [p, v] of this.replaced!) items[p] = -this.own.push(v);
      this.items = items;
      this.replaced = null;
    }
    return this.items;
  }
}
