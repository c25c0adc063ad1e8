/** Hard / medium / soft score, always visible in the top bar; the level that changed last is highlighted. */
import type { Score } from "../../../solver/score";
import { h, replace } from "./dom";

const LEVELS = ["hard", "medium", "soft"] as const;

export class ScoreBar {
  private last: Score | null = null;

  constructor(private readonly root: HTMLElement) {
    this.render(null);
  }

  render(score: Score | null): void {
    const previous = this.last;
    this.last = score;
    replace(
      this.root,
      ...LEVELS.map((level) => {
        const value = score ? score[level] : null;
        const changed = previous && score && previous[level] !== score[level];
        const cls = `score-level ${level}${value !== null && value < 0 ? " negative" : ""}${changed ? " changed" : ""}`;
        return h(
          "span",
          { class: cls, "data-level": level, title: `${level} score` },
          h("span", { class: "score-name" }, level),
          h("span", { class: "score-value" }, value === null ? "–" : String(value)),
        );
      }),
    );
    this.root.setAttribute("aria-label", score ? `Score: ${score.hard} hard, ${score.medium} medium, ${score.soft} soft` : "No score");
  }
}
