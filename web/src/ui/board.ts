/**
 * The schedule board: employees as rows, time as columns (day or week zoom), shifts as blocks, the unassigned
 * shifts in a lane of their own at the top, violations marked on the blocks they concern.
 *
 * Keyboard (roving tabindex: exactly one block is in the tab order):
 *   arrows      move the selection (left/right: previous/next shift of the row; up/down: the nearest shift in time
 *               of the row above/below), Home/End: first/last shift of the row
 *   Enter       open the what-if panel (recommendations) for the selected shift
 *   A           assign the top recommendation          U / Delete   unassign
 *   P           pin / unpin                            Escape       close the panel
 * Mouse: click selects and opens the panel; drag a block onto an employee row (or the unassigned lane) to move it,
 * with the score change of that move shown while hovering.
 */
import type { ModelInput } from "../../../schemas/model-input";
import type { Violation } from "../engine/violations";
import { MINUTES_PER_DAY, type Clock } from "../state/time";
import { h, replace } from "./dom";
import { PX_PER_HOUR, packLanes, timeRange, widthOf, xOf, type TimeRange, type Zoom } from "./layout";

export interface BoardModel {
  input: ModelInput;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  assignment: Int32Array;
  pinned: (shift: number) => boolean;
  violations: Violation[][];
  clock: Clock;
}

export interface BoardHandlers {
  select(shift: number): void;
  open(shift: number): void;
  close(): void;
  assignTop(shift: number): void;
  unassign(shift: number): void;
  togglePin(shift: number): void;
  /** The score change of dropping `shift` on `employee` (-1: the unassigned lane), as text, and whether it is fit. */
  preview(shift: number, employee: number): { text: string; fit: boolean } | null;
  drop(shift: number, employee: number): void;
}

const LANE_HEIGHT = 26;
const ROW_PADDING = 6;
const LABEL_WIDTH = 184;
const SKILL_CLASSES = ["c0", "c1", "c2", "c3", "c4", "c5"];

export class Board {
  private model: BoardModel | null = null;
  private zoomLevel: Zoom = "week";
  private selected: number | null = null;
  /** Shifts of each row in time order: row 0 is the unassigned lane, row e+1 employee e. */
  private rows: number[][] = [];
  private blocks = new Map<number, HTMLButtonElement>();
  /** The rendered rows and what each shows, so an update re-renders only the rows that changed. */
  private rowElements: HTMLElement[] = [];
  private rowSignatures: string[] = [];
  private body: HTMLElement | null = null;
  private layoutKey = "";
  private tabStop: HTMLElement | null = null;
  private renderedInput: ModelInput | null = null;
  private dragging: number | null = null;
  private dragTarget: number | null = null;
  private readonly scroller: HTMLDivElement;
  private readonly hint: HTMLDivElement;
  private readonly skillClass = new Map<string, string>();

  constructor(
    private readonly root: HTMLElement,
    private readonly handlers: BoardHandlers,
  ) {
    this.scroller = h("div", { class: "board-scroll" });
    this.hint = h("div", { class: "drop-hint", role: "status", "aria-live": "polite", hidden: true });
    replace(root, this.scroller, this.hint);
    root.addEventListener("keydown", (e) => this.onKey(e));
    // Delegated listeners: one each for the whole board, not one per block.
    root.addEventListener("click", (e) => {
      const s = this.shiftAt(e.target);
      if (s === null) return;
      this.select(s, true);
      this.handlers.select(s);
      this.handlers.open(s);
    });
    root.addEventListener("dragstart", (e) => {
      const s = this.shiftAt(e.target);
      if (s !== null) this.onDragStart(e, s);
    });
    root.addEventListener("dragend", () => this.endDrag());
    root.addEventListener("dragover", (e) => {
      const row = this.rowAt(e.target);
      if (row) this.onDragOver(e, Number(row.dataset.employee), row);
    });
    root.addEventListener("dragleave", (e) => {
      const row = this.rowAt(e.target);
      if (row && !row.contains(e.relatedTarget as Node | null)) row.classList.remove("drop-good", "drop-bad");
    });
    root.addEventListener("drop", (e) => {
      const row = this.rowAt(e.target);
      if (row) this.onDrop(e, Number(row.dataset.employee));
    });
  }

  private shiftAt(target: EventTarget | null): number | null {
    const block = target instanceof Element ? target.closest<HTMLElement>(".shift") : null;
    return block ? Number(block.dataset.shift) : null;
  }

  private rowAt(target: EventTarget | null): HTMLElement | null {
    return target instanceof Element ? target.closest<HTMLElement>(".row") : null;
  }

  get zoom(): Zoom {
    return this.zoomLevel;
  }

  get selection(): number | null {
    return this.selected;
  }

  setZoom(zoom: Zoom): void {
    if (zoom === this.zoomLevel) return;
    const center = this.timeAtCenter();
    this.zoomLevel = zoom;
    this.render();
    if (center !== null) this.scrollToTime(center);
  }

  update(model: BoardModel): void {
    this.model = model;
    // The welcome screen may have taken the board's place.
    if (this.scroller.parentElement !== this.root) replace(this.root, this.scroller, this.hint);
    this.render();
  }

  /** Selects a shift, scrolls it into view and (optionally) gives it the keyboard focus. */
  select(shift: number | null, focus = false): void {
    if (this.selected !== null) {
      const old = this.blocks.get(this.selected);
      old?.classList.remove("selected");
      old?.removeAttribute("aria-current");
    }
    this.selected = shift;
    const block = shift !== null ? this.blocks.get(shift) : undefined;
    // Roving tabindex: the selected block, or the first one, is the board's single tab stop.
    const stop = block ?? this.blocks.values().next().value ?? null;
    if (this.tabStop && this.tabStop !== stop) this.tabStop.setAttribute("tabindex", "-1");
    stop?.setAttribute("tabindex", "0");
    this.tabStop = stop;
    if (block) {
      block.classList.add("selected");
      block.setAttribute("aria-current", "true");
      block.scrollIntoView({ block: "nearest", inline: "nearest" });
      if (focus) block.focus({ preventScroll: true });
    }
  }

  focusSelection(): void {
    if (this.selected !== null) this.blocks.get(this.selected)?.focus();
  }

  private hasFocus(): boolean {
    return this.root.contains(document.activeElement);
  }

  private render(): void {
    const model = this.model;
    if (!model) return;
    const hadFocus = this.hasFocus();
    const scroll = { left: this.scroller.scrollLeft, top: this.scroller.scrollTop };
    const { input, starts, ends, assignment, clock } = model;
    const zoom = this.zoomLevel;
    const range = timeRange(clock, starts, ends);
    const width = widthOf(range, zoom);
    const dayWidth = 24 * PX_PER_HOUR[zoom];

    this.rows = Array.from({ length: input.employees.length + 1 }, () => []);
    for (let s = 0; s < assignment.length; s++) this.rows[assignment[s] + 1].push(s);
    for (const row of this.rows) row.sort((a, b) => starts[a] - starts[b] || a - b);

    const signatures = this.rows.map((shifts) => shifts.map((sh) => this.signature(sh)).join(" "));
    const key = `${zoom} ${range.start} ${range.days} ${input.employees.length} ${input.shifts.length}`;
    if (key === this.layoutKey && input === this.renderedInput && this.body && this.scroller.contains(this.body)) {
      // Same geometry: re-render only the rows whose shifts, pins or violations changed.
      for (let r = 0; r < this.rows.length; r++) {
        if (signatures[r] === this.rowSignatures[r]) continue;
        for (const block of this.rowElements[r].querySelectorAll<HTMLElement>(".shift")) {
          const s = Number(block.dataset.shift);
          if (this.blocks.get(s) === block) this.blocks.delete(s);
        }
        const row = this.row(r, range, zoom);
        this.rowElements[r].replaceWith(row);
        this.rowElements[r] = row;
      }
    } else {
      const grid = h("div", {
        class: `board-grid zoom-${zoom}`,
        style: `--label-width:${LABEL_WIDTH}px;--timeline-width:${width}px;--day-width:${dayWidth}px;--hour-width:${PX_PER_HOUR[zoom]}px`,
      });
      grid.append(this.axis(range, clock, zoom));
      this.body = h("div", { class: "board-body" });
      this.body.append(this.weekendShades(range, clock, zoom));
      this.blocks.clear();
      this.rowElements = this.rows.map((_, r) => this.row(r, range, zoom));
      this.body.append(...this.rowElements);
      grid.append(this.body);
      replace(this.scroller, grid);
      this.scroller.scrollLeft = scroll.left;
      this.scroller.scrollTop = scroll.top;
      this.layoutKey = key;
      this.renderedInput = input;
    }
    this.rowSignatures = signatures;

    if (this.selected !== null && !this.blocks.has(this.selected)) this.selected = null;
    this.select(this.selected, hadFocus);
  }

  /** What a block shows besides its place: pinned, and its violations. */
  private signature(s: number): string {
    const model = this.model!;
    return `${s}${model.pinned(s) ? "p" : ""}${model.violations[s].map((v) => `/${v.constraintId}${v.detail ?? ""}`).join("")}`;
  }

  private axis(range: TimeRange, clock: Clock, zoom: Zoom): HTMLElement {
    const track = h("div", { class: "axis-track" });
    for (let d = 0; d < range.days; d++) {
      const start = range.start + d * MINUTES_PER_DAY;
      const weekday = clock.weekday(start);
      const day = h("div", { class: `axis-day${weekday === 0 || weekday === 6 ? " weekend" : ""}`, style: `left:${xOf(start, range, zoom)}px` }, clock.day(start));
      track.append(day);
      if (zoom === "day") {
        for (let hour = 0; hour < 24; hour += 2) {
          // Every six hours the tick names the day too, so the date stays in view at any scroll position.
          const label = `${hour % 6 === 0 ? `${clock.day(start)} ` : ""}${String(hour).padStart(2, "0")}:00`;
          track.append(h("div", { class: "axis-hour", style: `left:${xOf(start + hour * 60, range, zoom)}px` }, label));
        }
      }
    }
    return h("div", { class: "axis", "aria-hidden": "true" }, h("div", { class: "corner" }, "Employee"), track);
  }

  private weekendShades(range: TimeRange, clock: Clock, zoom: Zoom): HTMLElement {
    const layer = h("div", { class: "weekend-layer", "aria-hidden": "true" });
    for (let d = 0; d < range.days; d++) {
      const start = range.start + d * MINUTES_PER_DAY;
      const weekday = clock.weekday(start);
      if (weekday === 0 || weekday === 6) layer.append(h("div", { class: "weekend-shade", style: `left:${xOf(start, range, zoom)}px` }));
    }
    return layer;
  }

  private row(r: number, range: TimeRange, zoom: Zoom): HTMLElement {
    const model = this.model!;
    const employee = r - 1;
    const shifts = this.rows[r];
    const { lane, lanes } = packLanes(shifts, model.starts, model.ends);
    const track = h("div", { class: "track", style: `height:${lanes * LANE_HEIGHT + ROW_PADDING}px` });
    for (const s of shifts) track.append(this.block(s, lane.get(s)!, range, zoom));

    let label: HTMLElement;
    if (employee < 0) {
      label = h("div", { class: "row-label" }, h("span", { class: "name" }, "Unassigned"), h("span", { class: "meta" }, `${shifts.length} shift${shifts.length === 1 ? "" : "s"}`));
    } else {
      const e = model.input.employees[employee];
      let minutes = 0;
      for (const s of shifts) minutes += model.ends[s] - model.starts[s];
      const skills = (e.skills ?? []).map((k) => k.id).join(", ");
      label = h(
        "div",
        { class: "row-label", title: skills ? `${e.id}: ${skills}` : e.id },
        h("span", { class: "name" }, e.id),
        h("span", { class: "meta" }, `${skills || "no skills"} · ${shifts.length} · ${Math.round(minutes / 60)} h`),
      );
    }
    const name = employee < 0 ? "Unassigned shifts" : model.input.employees[employee].id;
    const row = h("div", { class: `row${employee < 0 ? " row-unassigned" : ""}`, role: "group", "aria-label": `${name}, ${shifts.length} shifts`, "data-employee": employee }, label, track);
    return row;
  }

  private skillOf(s: number): string {
    const skill = this.model!.input.shifts[s].requiredSkills?.[0] ?? "";
    let cls = this.skillClass.get(skill);
    if (!cls) {
      cls = SKILL_CLASSES[this.skillClass.size % SKILL_CLASSES.length];
      this.skillClass.set(skill, cls);
    }
    return cls;
  }

  private block(s: number, lane: number, range: TimeRange, zoom: Zoom): HTMLButtonElement {
    const model = this.model!;
    const shift = model.input.shifts[s];
    const start = model.starts[s];
    const end = model.ends[s];
    const pinned = model.pinned(s);
    const violations = model.violations[s];
    const hard = violations.filter((v) => v.level === "HARD");
    const soft = violations.filter((v) => v.level === "SOFT");
    const skills = (shift.requiredSkills ?? []).join(", ");
    const e = model.assignment[s];
    const who = e >= 0 ? model.input.employees[e].id : "unassigned";
    const problems = violations.filter((v) => v.level !== "MEDIUM").map((v) => `${v.name}${v.detail ? ` ${v.detail}` : ""}`);

    const classes = ["shift", this.skillOf(s)];
    if (pinned) classes.push("pinned");
    if (hard.length > 0) classes.push("has-hard");
    else if (soft.length > 0) classes.push("has-soft");
    if (s === this.selected) classes.push("selected");

    const time = `${model.clock.time(start)}–${model.clock.time(end)}`;
    const block = h(
      "button",
      {
        type: "button",
        class: classes.join(" "),
        style: `left:${xOf(start, range, zoom)}px;width:${Math.max(4, xOf(end, range, zoom) - xOf(start, range, zoom) - 2)}px;top:${lane * LANE_HEIGHT + ROW_PADDING / 2}px`,
        tabindex: -1,
        draggable: pinned ? "false" : "true",
        "aria-current": s === this.selected ? "true" : null,
        "aria-keyshortcuts": "Enter A U P Delete Escape",
        "aria-label": `${shift.id}, ${model.clock.span(start, end)}${skills ? `, needs ${skills}` : ""}, ${who}${pinned ? ", pinned" : ""}${problems.length ? `; ${problems.length} violation${problems.length > 1 ? "s" : ""}: ${problems.join("; ")}` : ""}`,
        title: `${shift.id}\n${model.clock.span(start, end)}${skills ? `\nNeeds ${skills}` : ""}\n${who}${pinned ? " (pinned)" : ""}${problems.length ? `\n⚠ ${problems.join("\n⚠ ")}` : ""}`,
        "data-shift": s,
        "data-shift-id": shift.id,
      },
      hard.length > 0 ? h("span", { class: "badge badge-hard", "aria-hidden": "true" }, "!") : soft.length > 0 ? h("span", { class: "badge badge-soft", "aria-hidden": "true" }, "•") : null,
      pinned ? h("span", { class: "pin", "aria-hidden": "true" }, "⚲") : null,
      h("span", { class: "label" }, zoom === "day" ? `${time} ${skills}` : `${model.clock.shortTime(start)}–${model.clock.shortTime(end)}`),
    );
    this.blocks.set(s, block);
    return block;
  }

  // ---- drag and drop -----------------------------------------------------------------------------------------

  private onDragStart(event: DragEvent, shift: number): void {
    if (this.model!.pinned(shift)) {
      event.preventDefault();
      return;
    }
    this.dragging = shift;
    this.dragTarget = null;
    event.dataTransfer?.setData("text/plain", String(shift));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    this.select(shift);
    this.handlers.select(shift);
  }

  private onDragOver(event: DragEvent, employee: number, row: HTMLElement): void {
    if (this.dragging === null) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    this.hint.style.left = `${event.clientX + 14}px`;
    this.hint.style.top = `${event.clientY + 14}px`;
    if (this.dragTarget === employee) return;
    this.root.querySelectorAll(".drop-good, .drop-bad").forEach((el) => el.classList.remove("drop-good", "drop-bad"));
    this.dragTarget = employee;
    const preview = this.handlers.preview(this.dragging, employee);
    if (!preview) {
      this.hint.hidden = true;
      return;
    }
    row.classList.add(preview.fit ? "drop-good" : "drop-bad");
    const name = employee < 0 ? "Unassigned" : this.model!.input.employees[employee].id;
    this.hint.textContent = `${name}: ${preview.text}`;
    this.hint.className = `drop-hint ${preview.fit ? "good" : "bad"}`;
    this.hint.hidden = false;
  }

  private onDrop(event: DragEvent, employee: number): void {
    if (this.dragging === null) return;
    event.preventDefault();
    const shift = this.dragging;
    this.endDrag();
    if (this.model!.assignment[shift] !== employee) this.handlers.drop(shift, employee);
  }

  private endDrag(): void {
    this.dragging = null;
    this.dragTarget = null;
    this.hint.hidden = true;
    this.root.querySelectorAll(".drop-good, .drop-bad").forEach((el) => el.classList.remove("drop-good", "drop-bad"));
  }

  // ---- keyboard ----------------------------------------------------------------------------------------------

  private rowOf(shift: number): number {
    return this.model!.assignment[shift] + 1;
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.model || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = this.selected;
    if (current === null) {
      if (event.key.startsWith("Arrow")) {
        const first = this.rows.find((r) => r.length > 0)?.[0];
        if (first !== undefined) this.move(first, event);
      }
      return;
    }
    const row = this.rowOf(current);
    const position = this.rows[row].indexOf(current);
    switch (event.key) {
      case "ArrowLeft":
        return this.move(this.rows[row][position - 1], event);
      case "ArrowRight":
        return this.move(this.rows[row][position + 1], event);
      case "Home":
        return this.move(this.rows[row][0], event);
      case "End":
        return this.move(this.rows[row][this.rows[row].length - 1], event);
      case "ArrowUp":
      case "ArrowDown": {
        const step = event.key === "ArrowUp" ? -1 : 1;
        for (let r = row + step; r >= 0 && r < this.rows.length; r += step) {
          if (this.rows[r].length > 0) return this.move(this.nearest(this.rows[r], this.model.starts[current]), event);
        }
        event.preventDefault();
        return;
      }
      case "Enter":
        event.preventDefault();
        return this.handlers.open(current);
      case "Escape":
        event.preventDefault();
        return this.handlers.close();
      case "a":
      case "A":
        event.preventDefault();
        return this.handlers.assignTop(current);
      case "u":
      case "U":
      case "Delete":
      case "Backspace":
        event.preventDefault();
        return this.handlers.unassign(current);
      case "p":
      case "P":
        event.preventDefault();
        return this.handlers.togglePin(current);
    }
  }

  private nearest(row: number[], time: number): number {
    let best = row[0];
    for (const s of row) if (Math.abs(this.model!.starts[s] - time) < Math.abs(this.model!.starts[best] - time)) best = s;
    return best;
  }

  private move(target: number | undefined, event: KeyboardEvent): void {
    event.preventDefault();
    if (target === undefined) return;
    this.select(target, true);
    this.handlers.select(target);
  }

  // ---- scrolling ---------------------------------------------------------------------------------------------

  private timeAtCenter(): number | null {
    const model = this.model;
    if (!model) return null;
    const range = timeRange(model.clock, model.starts, model.ends);
    const x = this.scroller.scrollLeft + (this.scroller.clientWidth - LABEL_WIDTH) / 2;
    return range.start + (x / PX_PER_HOUR[this.zoomLevel]) * 60;
  }

  private scrollToTime(minutes: number): void {
    const model = this.model!;
    const range = timeRange(model.clock, model.starts, model.ends);
    this.scroller.scrollLeft = Math.max(0, xOf(minutes, range, this.zoomLevel) - (this.scroller.clientWidth - LABEL_WIDTH) / 2);
  }
}
