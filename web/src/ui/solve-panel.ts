/** Local solving controls: time limit, Solve / Stop, a progress bar, the live score chart and the outcome. */
import { formatScore } from "../../../solver/score";
import type { DoneMessage, ProgressMessage } from "../solve/protocol";
import { h, replace, svg } from "./dom";
import { renderChart, type ChartPoint } from "./score-chart";

export interface SolveHandlers {
  start(timeLimitMs: number): void;
  stop(): void;
}

const LIMITS: Array<[string, number]> = [
  ["5 seconds", 5_000],
  ["10 seconds", 10_000],
  ["30 seconds", 30_000],
  ["1 minute", 60_000],
  ["5 minutes", 300_000],
];

const REASONS: Record<DoneMessage["reason"], string> = {
  STOPPED: "stopped",
  SPENT_LIMIT: "time limit reached",
  UNIMPROVED_SPENT_LIMIT: "no improvement for a while",
  STEP_COUNT_LIMIT: "step limit reached",
  DIMINISHED_RETURNS: "diminished returns",
};

export class SolvePanel {
  private readonly limit: HTMLSelectElement;
  private readonly startButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly bar: HTMLProgressElement;
  private readonly elapsed: HTMLSpanElement;
  private readonly chart: SVGSVGElement;
  private readonly status: HTMLParagraphElement;
  private points: ChartPoint[] = [];
  private limitMs = 10_000;

  constructor(root: HTMLElement, handlers: SolveHandlers) {
    this.limit = h("select", { id: "solve-limit" }, ...LIMITS.map(([label, ms]) => h("option", { value: ms, selected: ms === 10_000 }, label)));
    this.startButton = h("button", { type: "button", class: "primary", onclick: () => handlers.start(Number(this.limit.value)) }, "Solve");
    this.stopButton = h("button", { type: "button", disabled: true, onclick: () => handlers.stop() }, "Stop");
    this.bar = h("progress", { max: 1, value: 0, "aria-label": "Solving progress" });
    this.elapsed = h("span", { class: "meta" }, "");
    this.chart = svg("svg", { class: "score-chart", role: "img", "aria-label": "Best score over time" });
    this.status = h("p", { class: "meta", role: "status", "aria-live": "polite" }, "Runs the solver in a Web Worker in this browser; the board stays usable.");
    replace(
      root,
      h("h2", {}, "Solve locally"),
      h("div", { class: "solve-controls" }, h("label", { for: "solve-limit" }, "Time limit"), this.limit, this.startButton, this.stopButton),
      h("div", { class: "progress-row" }, this.bar, this.elapsed),
      this.chart,
      this.status,
    );
    renderChart(this.chart, [], this.limitMs);
  }

  setEnabled(enabled: boolean): void {
    this.startButton.disabled = !enabled;
  }

  started(limitMs: number): void {
    this.limitMs = limitMs;
    this.points = [];
    this.startButton.disabled = true;
    this.limit.disabled = true;
    this.stopButton.disabled = false;
    this.bar.value = 0;
    this.status.textContent = "Solving…";
    renderChart(this.chart, this.points, limitMs);
  }

  progress(p: ProgressMessage): void {
    this.points.push({ ms: p.elapsedMs, best: p.best });
    this.bar.value = Math.min(1, p.elapsedMs / this.limitMs);
    this.elapsed.textContent = `${(p.elapsedMs / 1000).toFixed(1)} s / ${this.limitMs / 1000} s`;
    this.status.textContent = `Best ${formatScore(p.best)} · ${p.steps.toLocaleString("en")} steps${p.phase === "CONSTRUCTION" ? " · constructing" : ""}`;
    renderChart(this.chart, this.points, this.limitMs);
  }

  finished(result: DoneMessage | Error): void {
    this.startButton.disabled = false;
    this.limit.disabled = false;
    this.stopButton.disabled = true;
    if (result instanceof Error) {
      this.status.textContent = `The solver failed: ${result.message}`;
      return;
    }
    this.bar.value = 1;
    this.status.textContent = `Done (${REASONS[result.reason]}) after ${(result.elapsedMs / 1000).toFixed(1)} s: ${formatScore(result.best)}, ${result.steps.toLocaleString("en")} steps. The result is on the board.`;
  }
}
