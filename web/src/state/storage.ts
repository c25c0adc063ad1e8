/**
 * Schedules kept in the browser (IndexedDB, so they open offline), and the planner's settings (API base URL and
 * key). A thin promise wrapper over the IndexedDB API: two object stores, no library.
 */
import type { Plan } from "./plan";

const DB_NAME = "rota-planner";
const DB_VERSION = 1;
const PLANS = "plans";
const SETTINGS = "settings";

export interface ApiSettings {
  baseUrl: string;
  apiKey: string;
}

/** What the list of saved schedules shows, without loading each whole plan. */
export interface PlanSummary {
  id: string;
  name: string;
  source: Plan["source"];
  score: string | null;
  updatedAt: string;
  shifts: number;
  employees: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export class PlanStore {
  private constructor(private readonly db: IDBDatabase) {}

  static open(): Promise<PlanStore> {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(PLANS)) db.createObjectStore(PLANS, { keyPath: "id" });
        if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS);
      };
      req.onsuccess = () => resolve(new PlanStore(req.result));
      req.onerror = () => reject(req.error);
    });
  }

  private store(name: string, mode: IDBTransactionMode): IDBObjectStore {
    return this.db.transaction(name, mode).objectStore(name);
  }

  async save(plan: Plan): Promise<void> {
    await request(this.store(PLANS, "readwrite").put(plan));
  }

  get(id: string): Promise<Plan | undefined> {
    return request(this.store(PLANS, "readonly").get(id) as IDBRequest<Plan | undefined>);
  }

  async delete(id: string): Promise<void> {
    await request(this.store(PLANS, "readwrite").delete(id));
  }

  /** Newest first. */
  async list(): Promise<PlanSummary[]> {
    const plans = (await request(this.store(PLANS, "readonly").getAll())) as Plan[];
    return plans
      .map((p) => ({
        id: p.id,
        name: p.name,
        source: p.source,
        score: p.score,
        updatedAt: p.updatedAt,
        shifts: p.request.modelInput.shifts.length,
        employees: p.request.modelInput.employees.length,
      }))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async apiSettings(): Promise<ApiSettings | undefined> {
    return (await request(this.store(SETTINGS, "readonly").get("api"))) as ApiSettings | undefined;
  }

  async saveApiSettings(settings: ApiSettings): Promise<void> {
    await request(this.store(SETTINGS, "readwrite").put(settings, "api"));
  }

  async lastPlanId(): Promise<string | undefined> {
    return (await request(this.store(SETTINGS, "readonly").get("lastPlan"))) as string | undefined;
  }

  async setLastPlanId(id: string): Promise<void> {
    await request(this.store(SETTINGS, "readwrite").put(id, "lastPlan"));
  }
}
