#!/usr/bin/env node
/**
 * Mends the request proxy of `wrangler dev` 4.86.0 (README "Load"). `wrangler dev` runs two workerd processes: a
 * ProxyWorker on the public port, which forwards every request over pooled keep-alive connections to the runtime that
 * runs the Worker. A forward fails with "Network connection lost." when the runtime is gone (it crashed), when it
 * closes an idle pooled connection as a request is written to it (kj closes them after 5 s at both ends), and for
 * some of many large bodies in flight at once; often on a loaded machine. The ProxyWorker then means to tell a
 * failure of the current runtime from one of a runtime being replaced, but compares the request's URL (with its path)
 * to the runtime's bare origin, which never match on any path but `/`. So every such failure is taken for a reload: a
 * POST is answered `503 Your worker restarted mid-request`, and a GET or HEAD is parked until the next reload, which
 * never comes: it is never answered, while both processes sit idle.
 *
 * The mend, in the spirit of later wrangler versions (which need Node 22): compare origins; when the runtime is
 * unchanged, send a GET or HEAD again at once on a fresh attempt (up to MAX_ATTEMPTS; it has no body and is safe to
 * repeat), and answer anything else, or a GET that failed every time, with a 503 saying what happened (never parked,
 * and never reported as fatal, which would stop wrangler dev). Failures during a reload keep wrangler's handling.
 *
 * Applied by `postinstall`, `npm start` and the e2e harness (test/e2e/wrangler-dev.ts); idempotent. It replaces the
 * file rather than writing into it, so other hard links to the installed file are left as they are. Any other
 * wrangler version, or a file that does not read as expected, is an error: pinned versions only (package.json).
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const WRANGLER_VERSION = "4.86.0";
const MARK = "/* rota: patched proxy retry v2 (README \"Load\") */";
const MAX_ATTEMPTS = 3;

const FETCH_BEFORE = `      void fetch(userWorkerUrl, new Request(request, { headers })).then(async (res) => {`;
const FETCH_AFTER = `      ${MARK}
      const attemptFetch = (attempt) => void fetch(userWorkerUrl, new Request(request, { headers })).then(async (res) => {`;

const CATCH_BEFORE = `      }).catch((error) => {
        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);
        if (userWorkerUrl.href === newUserWorkerUrl?.href) {
          void sendMessageToProxyController(this.env, {
            type: "error",
            error: {
              name: error.name,
              message: error.message,
              stack: error.stack,
              cause: error.cause
            }
          });
          deferredResponse.reject(error);
        } else if (request.method === "GET" || request.method === "HEAD") {
          this.requestRetryQueue.set(request, deferredResponse);
        } else {`;
const CATCH_AFTER = `      }).catch((error) => {
        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);
        const bodyless = request.method === "GET" || request.method === "HEAD";
        if (userWorkerUrl.origin === newUserWorkerUrl?.origin) {
          const failure = \`[ProxyWorker] \${request.method} \${innerUrl.pathname}: the connection to the runtime failed (\${error?.message ?? error}) on attempt \${attempt}\`;
          if (bodyless && attempt < ${MAX_ATTEMPTS}) {
            console.warn(\`\${failure}; sending it again\`);
            return attemptFetch(attempt + 1);
          }
          console.error(\`\${failure}; answered 503\`);
          deferredResponse.resolve(
            new Response(
              \`The dev server lost its connection to the worker's runtime (\${error?.message ?? error}) after \${attempt} attempt(s); the request may not have reached the worker. Try it again.\`,
              { status: 503, headers: { "Retry-After": "0" } }
            )
          );
        } else if (bodyless) {
          this.requestRetryQueue.set(request, deferredResponse);
        } else {`;
const LOOP_END_BEFORE = `          );
        }
      });
    }
  }
};`;
const LOOP_END_AFTER = `          );
        }
      });
      attemptFetch(1);
    }
  }
};`;

/**
 * Patches the installed ProxyWorker once: "patched", "already", or "absent" (wrangler not installed, e.g. an install
 * without dev dependencies). Throws when the file is not as expected.
 */
export function patchWranglerProxy(root = join(dirname(fileURLToPath(import.meta.url)), "..")) {
  const require = createRequire(join(root, "package.json"));
  let pkgPath;
  try {
    pkgPath = require.resolve("wrangler/package.json");
  } catch {
    return "absent";
  }
  const { version } = JSON.parse(readFileSync(pkgPath, "utf8"));
  if (version !== WRANGLER_VERSION) {
    throw new Error(`scripts/patch-wrangler-proxy.mjs mends wrangler ${WRANGLER_VERSION}, found ${version}: check the ProxyWorker of this version and update the patch.`);
  }
  const file = join(dirname(pkgPath), "wrangler-dist", "ProxyWorker.js");
  const source = readFileSync(file, "utf8");
  if (source.includes(MARK)) return "already";
  let patched = source;
  for (const [before, after] of [[FETCH_BEFORE, FETCH_AFTER], [CATCH_BEFORE, CATCH_AFTER], [LOOP_END_BEFORE, LOOP_END_AFTER]]) {
    if (patched.split(before).length !== 2) throw new Error(`${file} does not read as wrangler ${WRANGLER_VERSION}'s ProxyWorker; not patched.`);
    patched = patched.replace(before, () => after);
  }
  const temporary = `${file}.rota-${process.pid}`;
  writeFileSync(temporary, patched);
  renameSync(temporary, file);
  return "patched";
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`wrangler dev's ProxyWorker: ${patchWranglerProxy()}`);
}
