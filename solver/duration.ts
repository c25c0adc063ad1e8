/** ISO 8601 durations (PnW, PnDTnHnMnS) to milliseconds. Years and months are not accepted: their length varies. */
const DURATION = /^P(?!$)(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function parseDurationMs(text: string): number {
  const m = DURATION.exec(text);
  if (!m) throw new RangeError(`Not an ISO 8601 duration: ${text}`);
  const [, w, d, h, min, s] = m;
  const days = Number(w ?? 0) * 7 + Number(d ?? 0);
  return Math.round(((days * 24 + Number(h ?? 0)) * 60 + Number(min ?? 0)) * 60_000 + Number(s ?? 0) * 1000);
}

/** Milliseconds as an ISO 8601 duration in minutes (the form the reference uses for worked time, e.g. PT687M). */
export function formatDurationMinutes(ms: number): string {
  return `PT${Math.round(ms / 60_000)}M`;
}

/** Whole minutes as an ISO 8601 duration (PT480M); null stays null. */
export function minutesDuration(minutes: number): string;
export function minutesDuration(minutes: number | null): string | null;
export function minutesDuration(minutes: number | null): string | null {
  return minutes === null ? null : formatDurationMinutes(minutes * 60_000);
}
