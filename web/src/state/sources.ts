/** Where a schedule comes from: the bundled demo data, a local JSON file, or a dataset of the API. */
import { demoSolvingRequest } from "../../../demo-data/index";
import type { ModelInput } from "../../../schemas/model-input";
import { ApiClient } from "./api-client";
import { createPlan, type Plan } from "./plan";
import type { ApiSettings } from "./storage";

export function planFromDemo(demoId: string): Plan {
  const request = demoSolvingRequest(demoId);
  if (!request) throw new Error(`Unknown demo dataset '${demoId}'.`);
  return createPlan(`${demoId} demo`, { kind: "demo", demoId }, request);
}

export async function planFromFile(file: File): Promise<{ plan: Plan; warnings: string[] }> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch (err) {
    throw new Error(`${file.name} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { checkSchedule } = await import("./validate-request");
  const { request, warnings } = checkSchedule(json);
  const name = request.config?.run?.name || file.name.replace(/\.json$/i, "");
  return { plan: createPlan(name, { kind: "file", fileName: file.name }, request), warnings };
}

/**
 * A dataset of the API with its best solution so far written into the shifts: the same "solved input" a patch of
 * that dataset applies to (select=SOLVED, the default of from-patch).
 */
export async function planFromApi(settings: ApiSettings, datasetId: string): Promise<Plan> {
  const client = new ApiClient(settings);
  const [response, input, config] = await Promise.all([client.get(datasetId), client.input(datasetId), client.config(datasetId)]);
  const solved = new Map((response.modelOutput?.shifts ?? []).map((s) => [s.id, s.employee]));
  const modelInput: ModelInput = {
    ...input,
    shifts: input.shifts.map((shift) => {
      if (!solved.has(shift.id)) return shift;
      const { employee: _old, ...rest } = shift;
      const employee = solved.get(shift.id);
      return employee ? { ...rest, employee } : rest;
    }),
  };
  const { name: _n, tags: _t, ...run } = config.run ?? {};
  return createPlan(
    response.metadata.name || datasetId,
    { kind: "api", baseUrl: client.baseUrl, datasetId },
    { config: { ...config, run }, modelInput },
  );
}
