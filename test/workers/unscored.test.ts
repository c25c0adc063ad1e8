/**
 * Nothing silent, through the real API (README "Accepted, not scored"): the request using every reference property
 * and all 62 weight overrides is accepted with a WARNINGS validation result (its deprecations; one UNSCORED_FIELD per
 * unscored field, of which there are none now), solves to completion, and its score analysis answers; an override
 * name outside the reference is a 400 on every route that takes one.
 */
import { describe, expect, it } from "vitest";
import { UNSCORED } from "../../model/unscored-fields";
import { fullRequest } from "../fixtures/full-request";
import { api, driveToCompletion, getDataset, ROOT, smallInput, submit } from "./helpers";

interface Issue {
  id: number;
  code: string;
  severity: string;
  message: string;
  detail: Record<string, unknown>;
}

describe("the request that uses every reference property", () => {
  it("is accepted with one warning per unscored field, solves, and has a score analysis", async () => {
    const request = fullRequest();
    const res = await submit(request);
    expect(res.status, await res.clone().text()).toBe(202);
    const ack = await res.json<{ id: string; validationResult: { summary: string; warnings: string[] } }>();
    expect(ack.validationResult.summary).toBe("WARNINGS");
    // The acknowledgement's summary is bounded (README "Limits"); validation-result lists every issue.
    expect(ack.validationResult.warnings.at(-1)).toMatch(/^… and \d+ more/);

    const validation = await (await api(`${ROOT}/${ack.id}/validation-result`)).json<{ status: string; issues: Issue[] }>();
    expect(validation.status).toBe("WARNINGS");
    // Every field is scored (model/unscored-fields.ts lists none): the warnings are the reference's own (deprecations, ...).
    expect(validation.issues.some((i) => String(i.detail.field).startsWith("contracts[id=FT].priority"))).toBe(false);
    expect(validation.issues.some((i) => String(i.detail.field).startsWith("contracts[id=FT].fteConfiguration"))).toBe(false);
    const fields = validation.issues.filter((i) => i.code === "UNSCORED_FIELD");
    expect(fields).toHaveLength(UNSCORED.length);
    expect(fields.every((i) => i.severity === "WARNING")).toBe(true);
    // Global period, concurrent shifts and shift group rules are scored: no warning.
    expect(fields.map((i) => i.detail.field)).not.toContain("globalRules.minimumMaximumShiftsPerPeriod");
    expect(fields.map((i) => i.detail.field)).not.toContain("shiftGroups");
    // Multi-day and single-day patterns are scored: no warning.
    expect(fields.map((i) => i.detail.field)).not.toContain("contracts[id=FT].multiDayShiftSequencePatternRules");
    expect(fields.map((i) => i.detail.field)).not.toContain("contracts[id=FT].singleDayShiftSequencePatternRules");
    // All 62 weight overrides are set, and each has its constraint: no other warning is about them.
    expect(validation.issues.filter((i) => i.code !== "UNSCORED_FIELD" && /overrides/.test(i.message))).toEqual([]);

    const statuses = await driveToCompletion(ack.id);
    expect(statuses[statuses.length - 1]).toBe("SOLVING_COMPLETED");
    const dataset = await getDataset(ack.id);
    expect(dataset.metadata.score).toMatch(/hard/);
    expect(dataset.metadata.validationResult?.summary).toBe("WARNINGS");

    const analysis = await api(`${ROOT}/${ack.id}/score-analysis?includeJustifications=true`);
    expect(analysis.status, await analysis.clone().text()).toBe(200);
    const body = await analysis.json<{ constraints: Array<{ name: string }> }>();
    expect(body.constraints.map((c) => c.name)).toContain("Minutes worked per period not in required range for employee");

    const supplied = await api(`${ROOT}/score-analysis`, { method: "POST", body: JSON.stringify({ config: { model: request.config!.model }, modelInput: request.modelInput }) });
    expect(supplied.status, await supplied.clone().text()).toBe(200);
  });

  it("the issue types name the warning", async () => {
    const res = await api(`${ROOT}/validation-issue-types/UNSCORED_FIELD`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ issueTypes: [{ code: "UNSCORED_FIELD", severity: "WARNING" }] });
  });
});

describe("an override name outside the reference's 62", () => {
  const bad = { bogusWeight: 3 };
  const config = { model: { overrides: bad } };
  const shiftId = smallInput().shifts[0].id;

  /** The tenant's datasets. */
  const count = async () => {
    const list = await (await api(`${ROOT}?page=0&size=100`)).json<unknown[] | { content?: unknown[] }>();
    return (Array.isArray(list) ? list : (list.content ?? [])).length;
  };

  it("is a 400 naming it on every route that takes a configuration", async () => {
    const ok = await submit({ modelInput: smallInput() });
    expect(ok.status).toBe(202);
    const { id } = await ok.json<{ id: string }>();
    const before = await count();
    const routes: Array<[string, unknown]> = [
      [ROOT, { config, modelInput: smallInput() }],
      [`${ROOT}/score-analysis`, { config, modelInput: smallInput() }],
      [`${ROOT}/recommendations/recommend-employees`, { maxNumberOfRecommendations: 1, fitShiftId: shiftId, config: bad, modelInput: smallInput() }],
      [`${ROOT}/${id}/recommendations/recommend-employees`, { maxNumberOfRecommendations: 1, fitShiftId: shiftId, config: bad, modelInput: smallInput() }],
      [`${ROOT}/recommendations/recommend-employees-batch-per-shift`, { maxNumberOfRecommendations: 1, fitShiftIds: [shiftId], config: bad, modelInput: smallInput() }],
      [`${ROOT}/recommendations/recommend-employees-batch-global`, { maxNumberOfRecommendations: 1, fitShiftIds: [shiftId], config: bad, modelInput: smallInput() }],
      [`${ROOT}/${id}/from-patch`, { config, patch: [] }],
      [`${ROOT}/${id}/from-patch/`, { config, patch: [] }],
      [`${ROOT}/${id}/from-input`, config],
      [`${ROOT}/${id}/new-run`, config],
    ];
    for (const [url, body] of routes) {
      const res = await api(url, { method: "POST", body: JSON.stringify(body) });
      const text = await res.text();
      expect(res.status, `${url}: ${text}`).toBe(400);
      // The 400 body each route documents: ValidationErrorInfo (a list), LegacyValidationResult, or ErrorInfo.
      const answer = JSON.parse(text) as { details?: string | string[]; errors?: string[] };
      const problems = url.endsWith("/score-analysis") ? answer.errors! : [answer.details!].flat();
      expect(problems.join("\n"), url).toMatch(/overrides\.bogusWeight: unknown field|config\.bogusWeight: unknown field/);
    }
    // The refused requests created nothing.
    expect(await count()).toBe(before);
  });
});
