/** Shared helpers for tests that run inside workerd against the real Worker, Durable Objects, D1 and R2. */
import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import type { ModelInput } from "../../schemas/model-input";
import type { SolvingResponse } from "../../schemas/model-output";

export const API_KEY = "test-bootstrap-key";
export const ROOT = "https://rota.test/api/models/employee-scheduling/v1/schedules";
export const MODEL_BASE = "https://rota.test/api/models/employee-scheduling/v1";

export function api(url: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.key !== null) headers.set("X-API-KEY", init.key ?? API_KEY);
  if (init.body && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return SELF.fetch(url, { ...init, headers });
}

export async function submit(body: unknown): Promise<Response> {
  return api(ROOT, { method: "POST", body: JSON.stringify(body) });
}

export async function getDataset(id: string): Promise<SolvingResponse> {
  const res = await api(`${ROOT}/${id}`);
  if (res.status !== 200) throw new Error(`GET ${id}: ${res.status} ${await res.text()}`);
  return res.json();
}

export function stubOf(id: string) {
  return env.DATASETS.get(env.DATASETS.idFromName(id));
}

/** Fire the dataset's alarms one by one until it reaches a final status; returns the statuses seen. */
export async function driveToCompletion(id: string, maxAlarms = 500): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < maxAlarms; i++) {
    const status = (await getDataset(id)).metadata.solverStatus;
    if (seen[seen.length - 1] !== status) seen.push(status);
    if (!status.startsWith("SOLVING_") || ["SOLVING_COMPLETED", "SOLVING_FAILED", "SOLVING_INCOMPLETE"].includes(status)) {
      return seen;
    }
    await runDurableObjectAlarm(stubOf(id));
  }
  throw new Error(`Dataset ${id} did not finish after ${maxAlarms} alarms; statuses ${seen.join(" -> ")}`);
}

/** A small feasible instance: 4 employees, 12 shifts over 3 days, skills and one unavailable day. */
export function smallInput(): ModelInput {
  const day = (d: number, h: number) => `2027-03-0${d}T${String(h).padStart(2, "0")}:00:00+01:00`;
  const shifts = [];
  for (let d = 1; d <= 3; d++) {
    shifts.push(
      { id: `d${d}-early-a`, start: day(d, 6), end: day(d, 14), requiredSkills: ["Nurse"] },
      { id: `d${d}-early-b`, start: day(d, 6), end: day(d, 14), requiredSkills: ["Nurse"] },
      { id: `d${d}-late`, start: day(d, 14), end: day(d, 22), requiredSkills: ["Nurse"] },
      { id: `d${d}-doctor`, start: day(d, 9), end: day(d, 17), requiredSkills: ["Doctor"], priority: "2" as const },
    );
  }
  return {
    employees: [
      { id: "Ann", skills: [{ id: "Nurse" }] },
      { id: "Beth", skills: [{ id: "Nurse" }], unavailableTimeSpans: [{ start: day(2, 0), end: day(3, 0) }] },
      { id: "Carl", skills: [{ id: "Nurse" }, { id: "Doctor" }] },
      { id: "Dora", skills: [{ id: "Doctor" }] },
    ],
    shifts,
  };
}
