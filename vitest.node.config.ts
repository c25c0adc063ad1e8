// Temporary (solver work): runs the node tests until the shared vitest config lands. Delete when it exists.
import { defineConfig } from "vitest/config";
export default defineConfig({ test: { include: ["test/node/**/*.test.ts"], environment: "node", testTimeout: 120_000 } });
