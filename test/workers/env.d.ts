import type { D1Migration } from "cloudflare:test";
import type { Env as RotaEnv } from "../../platform/env";

declare global {
  namespace Cloudflare {
    interface Env extends RotaEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
