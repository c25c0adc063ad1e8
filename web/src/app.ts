/**
 * The planner's controller: holds the open plan and its PlannerSession, turns user actions (board, panels, dialogs)
 * into moves on the session, and refreshes the views and the saved copy after each change.
 */
import { listDemoData } from "../../demo-data/index";
import { formatScore, type Score } from "../../solver/score";
import { SolverError } from "../../solver/session";
import { clockOf } from "./engine/explain";
import { PlannerSession } from "./engine/planner-session";
import { violationsByShift, type Violation } from "./engine/violations";
import { evaluate, formatDiff, whatIf, type ConstraintChange, type WhatIf } from "./engine/what-if";
import { ApiClient } from "./state/api-client";
import { patchOperations, type Plan } from "./state/plan";
import { planFromApi, planFromDemo, planFromFile } from "./state/sources";
import type { ApiSettings, PlanStore } from "./state/storage";
import { offsetLabel } from "./state/time";
import { LocalSolve } from "./solve/local-solver";
import { Board } from "./ui/board";
import { renderBreakdown } from "./ui/breakdown";
import { byId, h, replace } from "./ui/dom";
import { OpenDialog } from "./ui/open-dialog";
import { ScoreBar } from "./ui/score-bar";
import { SendDialog } from "./ui/send-dialog";
import { SolvePanel } from "./ui/solve-panel";
import { WhatIfPanel } from "./ui/what-if-panel";

/** Wait this long after the last change before writing the plan to IndexedDB. */
const SAVE_DELAY_MS = 250;

export class App {
  private plan: Plan | null = null;
  private planner: PlannerSession | null = null;
  private violations: Violation[][] = [];
  private panelOpen = false;
  private current: WhatIf | null = null;
  private solve: LocalSolve | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly board: Board;
  private readonly scoreBar: ScoreBar;
  private readonly whatIfPanel: WhatIfPanel;
  private readonly solvePanel: SolvePanel;
  private readonly openDialog: OpenDialog;
  private readonly sendDialog: SendDialog;

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly store: PlanStore,
  ) {
    this.scoreBar = new ScoreBar(byId("score"));
    this.board = new Board(byId("board"), {
      select: (s) => this.onSelect(s),
      open: (s) => this.openPanel(s),
      close: () => this.closePanel(),
      assignTop: (s) => this.assignTop(s),
      unassign: (s) => this.assign(s, -1),
      togglePin: (s) => void this.togglePin(s),
      preview: (s, e) => this.preview(s, e),
      drop: (s, e) => this.assign(s, e),
    });
    this.whatIfPanel = new WhatIfPanel(byId("what-if"), {
      assign: (s, e) => this.assign(s, e),
      togglePin: (s) => void this.togglePin(s),
      close: () => this.closePanel(),
    });
    this.solvePanel = new SolvePanel(byId("solve"), { start: (ms) => this.startSolve(ms), stop: () => this.solve?.stop() });
    this.solvePanel.setEnabled(false);
    this.openDialog = new OpenDialog({
      saved: () => this.store.list(),
      openSaved: async (id) => {
        const plan = await this.store.get(id);
        if (!plan) throw new Error("That schedule is no longer saved.");
        await this.open(plan);
      },
      deleteSaved: (id) => this.store.delete(id),
      demos: () => listDemoData(),
      openDemo: (id) => this.open(planFromDemo(id)),
      openFile: async (file) => {
        const { plan, warnings } = await planFromFile(file);
        await this.open(plan);
        return warnings;
      },
      apiSettings: () => this.apiSettings(),
      listApi: async (settings) => {
        await this.store.saveApiSettings(settings);
        return new ApiClient(settings).list();
      },
      openApi: async (settings, id) => this.open(await planFromApi(settings, id)),
    });
    this.sendDialog = new SendDialog({
      apiSettings: () => this.apiSettings(),
      current: () => (this.plan && this.planner ? { name: this.plan.name, source: this.plan.source, patch: this.patch() } : null),
      sendNew: (settings, name) => this.sendNew(settings, name),
      sendPatch: (settings) => this.sendPatch(settings),
    });

    byId("open-button").addEventListener("click", () => void this.openDialog.show());
    byId("send-button").addEventListener("click", () => void this.sendDialog.show());
    byId("pin-all-button").addEventListener("click", () => void this.pinAll());
    for (const button of document.querySelectorAll<HTMLButtonElement>("[data-zoom]")) {
      button.addEventListener("click", () => this.setZoom(button.dataset.zoom as "day" | "week"));
    }
    document.addEventListener("keydown", (e) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || document.querySelector("dialog[open]")) return;
      if (e.key === "Escape" && this.panelOpen) this.closePanel();
    });
  }

  /** Opens the last schedule of this browser, or offers to open one. */
  async start(): Promise<void> {
    const last = await this.store.lastPlanId();
    const plan = last ? await this.store.get(last) : undefined;
    if (plan) await this.open(plan);
    else this.welcome();
  }

  private welcome(): void {
    replace(
      byId("board"),
      h(
        "div",
        { class: "welcome" },
        h("h2", {}, "Plan shifts in your browser"),
        h("p", {}, "Open a schedule to see it on the board, ask who fits a shift best, drag shifts between employees and solve locally. Everything runs here, offline too."),
        h(
          "div",
          { class: "actions" },
          ...listDemoData().map((d) => h("button", { type: "button", class: "primary", "data-demo": d.id, onclick: () => void this.open(planFromDemo(d.id)) }, `Open the ${d.id} demo`)),
          h("button", { type: "button", onclick: () => void this.openDialog.show() }, "Open…"),
        ),
      ),
    );
  }

  private async apiSettings(): Promise<ApiSettings> {
    return (await this.store.apiSettings()) ?? { baseUrl: location.origin, apiKey: "" };
  }

  // ---- opening and saving ------------------------------------------------------------------------------------

  async open(plan: Plan): Promise<void> {
    this.solve?.stop();
    this.plan = plan;
    this.planner = await PlannerSession.open(this.module, plan.request);
    this.board.select(null);
    this.closePanel();
    (byId("send-button") as HTMLButtonElement).disabled = false;
    (byId("pin-all-button") as HTMLButtonElement).disabled = false;
    this.solvePanel.setEnabled(true);
    this.openDialog.close();
    this.refresh();
    byId("plan-name").textContent = plan.name;
    byId("plan-name").title = `${plan.request.modelInput.employees.length} employees, ${plan.request.modelInput.shifts.length} shifts; times in ${offsetLabel(clockOf(this.planner).offset)}`;
    document.body.dataset.plan = plan.id;
    await this.store.save(this.snapshot());
    await this.store.setLastPlanId(plan.id);
    this.announce(`Opened ${plan.name}: ${formatScore(this.planner.score())}.`);
  }

  private snapshot(): Plan {
    const plan = this.plan!;
    plan.request = this.planner!.workingRequest();
    plan.score = formatScore(this.planner!.score());
    plan.updatedAt = new Date().toISOString();
    return plan;
  }

  private scheduleSave(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      if (!this.plan || !this.planner) return;
      const plan = this.snapshot();
      // `data-saved-score` lets tests (and curious users) see that the latest state is stored.
      void this.store.save(plan).then(() => (document.body.dataset.savedScore = plan.score ?? ""));
    }, SAVE_DELAY_MS);
  }

  // ---- views -------------------------------------------------------------------------------------------------

  /** Recomputes violations and redraws everything that depends on the working assignment. */
  private refresh(): void {
    const planner = this.planner;
    if (!planner) return;
    this.violations = violationsByShift(planner);
    const problem = planner.session.problem;
    this.board.update({
      input: planner.input,
      starts: problem.shiftStart,
      ends: problem.shiftEnd,
      assignment: planner.assignment(),
      pinned: (s) => planner.isPinned(s),
      violations: this.violations,
      clock: clockOf(planner),
    });
    this.scoreBar.render(planner.score());
    renderBreakdown(byId("breakdown"), planner.constraints());
    this.refreshPanel();
  }

  private refreshPanel(): void {
    const planner = this.planner;
    const shift = this.board.selection;
    if (!planner || !this.panelOpen || shift === null) {
      this.current = null;
      return;
    }
    const pinned = planner.isPinned(shift);
    this.current = pinned ? null : whatIf(planner, shift);
    const problem = planner.session.problem;
    this.whatIfPanel.show(
      {
        shift,
        input: planner.input,
        employee: planner.assignment()[shift],
        pinned,
        start: problem.shiftStart[shift],
        end: problem.shiftEnd[shift],
        clock: clockOf(planner),
        violations: this.violations[shift],
      },
      this.current,
    );
  }

  private setZoom(zoom: "day" | "week"): void {
    this.board.setZoom(zoom);
    for (const button of document.querySelectorAll<HTMLButtonElement>("[data-zoom]")) {
      button.setAttribute("aria-pressed", String(button.dataset.zoom === zoom));
    }
  }

  private announce(text: string): void {
    byId("status").textContent = text;
  }

  private showChange(text: string, changes: ConstraintChange[], kind: "change" | "preview" | "error" = "change"): void {
    replace(
      byId("last-change"),
      h("strong", {}, text),
      changes.length > 0 ? h("ul", { class: "changes" }, ...changes.map((c) => h("li", { class: c.level.toLowerCase() }, `${c.constraintName}: ${formatDiff(c.score)}`))) : null,
    );
    byId("last-change").className = `last-change ${kind}`;
    this.announce(text);
  }

  // ---- actions -----------------------------------------------------------------------------------------------

  private onSelect(shift: number): void {
    if (this.panelOpen) this.openPanel(shift);
  }

  private openPanel(shift: number): void {
    this.panelOpen = true;
    if (this.board.selection !== shift) this.board.select(shift);
    this.refreshPanel();
  }

  private closePanel(): void {
    const wasOpen = this.panelOpen;
    this.panelOpen = false;
    this.current = null;
    this.whatIfPanel.clear();
    if (wasOpen) this.board.focusSelection();
  }

  private preview(shift: number, employee: number): { text: string; fit: boolean } | null {
    const planner = this.planner;
    if (!planner || this.solve || planner.isPinned(shift) || planner.assignment()[shift] === employee) return null;
    const option = evaluate(planner, shift, employee);
    const label = option.fit === "GOOD" ? formatDiff(option.scoreDiff) : `${formatDiff(option.scoreDiff)} · ${option.reasons.join(" ")}`;
    this.showChange(`If ${planner.input.shifts[shift].id} goes to ${option.employeeId ?? "Unassigned"}: ${formatDiff(option.scoreDiff)}`, option.changes, "preview");
    return { text: label, fit: option.fit === "GOOD" };
  }

  private assignTop(shift: number): void {
    const planner = this.planner;
    if (!planner || planner.isPinned(shift)) return;
    const top = (this.current?.shiftIndex === shift ? this.current : whatIf(planner, shift)).options.find((o) => o.fit === "GOOD") ?? null;
    if (!top) {
      this.showChange(`Nobody can take ${planner.input.shifts[shift].id} without breaking a hard rule.`, [], "error");
      return;
    }
    this.assign(shift, top.employeeIndex);
  }

  /** Moves a shift to an employee (-1 unassigns) and shows the score change and the constraints it changed. */
  assign(shift: number, employee: number): void {
    const planner = this.planner;
    if (!planner) return;
    if (this.solve) {
      this.showChange("The solver is running: stop it before editing.", [], "error");
      return;
    }
    const before: Score = planner.score();
    const option = evaluate(planner, shift, employee);
    try {
      planner.move(shift, employee);
    } catch (err) {
      this.showChange(err instanceof SolverError ? `Cannot move ${planner.input.shifts[shift].id}: it is pinned.` : String(err), [], "error");
      return;
    }
    const after = planner.score();
    const who = employee >= 0 ? planner.input.employees[employee].id : "Unassigned";
    this.showChange(`${planner.input.shifts[shift].id} → ${who}: ${formatDiff({ hard: after.hard - before.hard, medium: after.medium - before.medium, soft: after.soft - before.soft })}`, option.changes);
    this.refresh();
    this.board.focusSelection();
    this.scheduleSave();
  }

  private async togglePin(shift: number): Promise<void> {
    const planner = this.planner;
    if (!planner || this.solve) return;
    const states = planner.states();
    if (!states[shift].pinned && states[shift].employee === null) {
      this.showChange("Assign the shift before pinning it.", [], "error");
      return;
    }
    this.planner = await planner.withPinToggled(shift);
    this.showChange(`${planner.input.shifts[shift].id} ${states[shift].pinned ? "unpinned" : "pinned"}.`, []);
    this.refresh();
    this.board.focusSelection();
    this.scheduleSave();
  }

  private async pinAll(): Promise<void> {
    if (!this.planner || this.solve) return;
    this.planner = await this.planner.withAllPinned(true);
    this.showChange("Every assigned shift is pinned.", []);
    this.refresh();
    this.scheduleSave();
  }

  // ---- solving -----------------------------------------------------------------------------------------------

  private startSolve(timeLimitMs: number): void {
    const planner = this.planner;
    if (!planner || this.solve) return;
    this.solvePanel.started(timeLimitMs);
    document.body.dataset.solving = "true";
    const solve = new LocalSolve({
      module: this.module,
      request: planner.workingRequest(),
      timeLimitMs,
      onProgress: (p) => this.solvePanel.progress(p),
    });
    this.solve = solve;
    solve.done
      .then((result) => {
        this.solve = null;
        if (this.planner !== planner) return; // another schedule was opened meanwhile
        const before = planner.score();
        planner.applyAssignment(result.assignment);
        this.solvePanel.finished(result);
        const after = planner.score();
        this.showChange(`Solved: ${formatScore(after)} (${formatDiff({ hard: after.hard - before.hard, medium: after.medium - before.medium, soft: after.soft - before.soft })})`, []);
        this.refresh();
        this.scheduleSave();
      })
      .catch((err: unknown) => {
        this.solve = null;
        this.solvePanel.finished(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => delete document.body.dataset.solving);
  }

  // ---- sending -----------------------------------------------------------------------------------------------

  private patch() {
    return patchOperations(this.snapshot());
  }

  private async sendNew(settings: ApiSettings, name: string) {
    await this.store.saveApiSettings(settings);
    const request = this.planner!.workingRequest();
    const ack = await new ApiClient(settings).submit({
      ...request,
      config: { ...request.config, run: { ...request.config?.run, name: name || this.plan!.name } },
    });
    await this.recordSent(ack.id, "new");
    return ack;
  }

  private async sendPatch(settings: ApiSettings) {
    const plan = this.plan!;
    if (plan.source.kind !== "api") throw new Error("Only a schedule opened from the API can be sent as a patch.");
    await this.store.saveApiSettings(settings);
    const ack = await new ApiClient(settings).patch(plan.source.datasetId, this.patch());
    await this.recordSent(ack.id, "patch");
    return ack;
  }

  private async recordSent(datasetId: string, kind: "new" | "patch"): Promise<void> {
    const plan = this.snapshot();
    plan.sent.push({ datasetId, kind, at: new Date().toISOString() });
    await this.store.save(plan);
  }
}
