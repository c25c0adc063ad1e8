/**
 * The Rota API as the planner uses it (spec §4): list datasets, open one (its input and best solution), submit a
 * new dataset, and submit a patch of an existing one. Same origin by default; every request carries `X-API-KEY`.
 */
import type { Acknowledgement, Metadata } from "../../../schemas/metadata";
import type { ModelInput } from "../../../schemas/model-input";
import type { SolvingResponse } from "../../../schemas/model-output";
import type { ModelConfiguration, SolvingRequest } from "../../../schemas/solving-request";
import type { PatchOperation } from "../../../model/patch";
import type { ApiSettings } from "./storage";

export const MODEL_ROOT = "/api/models/employee-scheduling/v1/schedules";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export class ApiClient {
  constructor(private readonly settings: ApiSettings) {}

  get baseUrl(): string {
    return this.settings.baseUrl.replace(/\/+$/, "");
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${MODEL_ROOT}${path}`, {
        method,
        headers: { "X-API-KEY": this.settings.apiKey, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (err) {
      throw new ApiRequestError(`Cannot reach ${this.baseUrl} (${err instanceof Error ? err.message : String(err)}).`, 0);
    }
    if (!res.ok) {
      // The API's error body (worker/errors.ts): {id, code, message, details}, details one string (ErrorInfo) or, for
      // the 400 of a submission, a list (ValidationErrorInfo).
      const error = (await res.json().catch(() => null)) as { message?: string; details?: string | string[] } | null;
      const details = [error?.details ?? []].flat().filter((d) => d.length > 0);
      const detail = details.length > 0 ? ` ${details.join("; ")}` : "";
      throw new ApiRequestError(`${res.status}: ${error?.message ?? res.statusText}${detail}`, res.status);
    }
    return (await res.json()) as T;
  }

  list(): Promise<Metadata[]> {
    return this.call("GET", "?size=200");
  }

  get(id: string): Promise<SolvingResponse> {
    return this.call("GET", `/${encodeURIComponent(id)}`);
  }

  input(id: string): Promise<ModelInput> {
    return this.call("GET", `/${encodeURIComponent(id)}/input`);
  }

  config(id: string): Promise<ModelConfiguration> {
    return this.call("GET", `/${encodeURIComponent(id)}/config`);
  }

  submit(request: SolvingRequest): Promise<Acknowledgement> {
    return this.call("POST", "", request);
  }

  patch(id: string, patch: PatchOperation[], config?: ModelConfiguration): Promise<Acknowledgement> {
    return this.call("POST", `/${encodeURIComponent(id)}/from-patch`, { patch, ...(config ? { config } : {}) });
  }
}
