/**
 * The live score-over-time chart of a local solve: one strip per score level (hard, medium, soft), each scaled to
 * its own range, time on the shared x axis. Plain SVG, redrawn on each progress message (a few hundred points).
 */
import type { Score } from "../../../solver/score";
import { svg } from "./dom";

const WIDTH = 320;
const STRIP = 44;
const GAP = 8;
const LEFT = 52;
const LEVELS = ["hard", "medium", "soft"] as const;

export interface ChartPoint {
  ms: number;
  best: Score;
}

export function renderChart(root: SVGSVGElement, points: readonly ChartPoint[], limitMs: number): void {
  const height = LEVELS.length * (STRIP + GAP);
  root.setAttribute("viewBox", `0 0 ${WIDTH} ${height}`);
  root.replaceChildren();
  const maxMs = Math.max(limitMs, points.at(-1)?.ms ?? 0, 1);
  const x = (ms: number) => LEFT + ((WIDTH - LEFT - 4) * ms) / maxMs;
  LEVELS.forEach((level, i) => {
    const top = i * (STRIP + GAP);
    const values = points.map((p) => p.best[level]);
    const min = Math.min(0, ...values);
    const max = Math.max(0, ...values);
    const span = max - min || 1;
    const y = (v: number) => top + 4 + (STRIP - 8) * (1 - (v - min) / span);
    root.append(
      svg("rect", { x: LEFT, y: top, width: WIDTH - LEFT, height: STRIP, class: "strip" }),
      svg("text", { x: 0, y: top + 16, class: `axis-label ${level}` }, level),
      svg("text", { x: 0, y: top + 32, class: "axis-value" }, values.length ? String(values.at(-1)) : "–"),
    );
    if (points.length > 0) {
      const path = points.map((p, k) => `${k === 0 ? "M" : "L"}${x(p.ms).toFixed(1)},${y(p.best[level]).toFixed(1)}`).join("");
      root.append(svg("path", { d: path, class: `line ${level}` }));
    }
  });
}
