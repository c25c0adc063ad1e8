/**
 * The secrets of `npm start` (BOOTSTRAP_API_KEY, SECRETS_KEY) reach `wrangler dev` through `.dev.vars`, which wrangler
 * reads on its own, and never through its command line, where any local user could read them (`ps`,
 * /proc/<pid>/cmdline). Each value comes from the environment when set there, else from `.dev.vars`, else it is
 * generated once; `.dev.vars` is then written with it (mode 0600, git-ignored). Other lines of `.dev.vars` (e.g.
 * WEBHOOK_ALLOWED_HOSTS) are kept as they are.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";

/** The secrets `npm start` provides, with how each is made when neither the environment nor .dev.vars has it. */
export const DEV_SECRETS = {
  BOOTSTRAP_API_KEY: () => `rota_${randomBytes(24).toString("base64url")}`,
  SECRETS_KEY: () => randomBytes(32).toString("base64url"),
};

const LINE = (name) => new RegExp(`^${name}[ \\t]*=[ \\t]*(?:"([^"\\n]*)"|'([^'\\n]*)'|([^#\\n]*?))[ \\t]*$`, "m");

/** A value of .dev.vars (dotenv syntax: unquoted, "double" or 'single' quoted), or undefined. */
export function readDevVar(text, name) {
  const m = LINE(name).exec(text);
  if (!m) return undefined;
  const value = m[1] ?? m[2] ?? m[3];
  return value === "" ? undefined : value;
}

/** `text` with `name` set to `value` (the line replaced, or appended). */
export function setDevVar(text, name, value) {
  if (/[\r\n]/.test(value)) throw new Error(`${name}: a line break cannot be written to .dev.vars`);
  const quote = ['"', "'"].find((q) => !value.includes(q));
  if (!quote) throw new Error(`${name}: a value with both kinds of quote cannot be written to .dev.vars`);
  const line = `${name}=${quote}${value}${quote}`;
  if (LINE(name).test(text)) return text.replace(LINE(name), line);
  return `${text}${text && !text.endsWith("\n") ? "\n" : ""}${line}\n`;
}

/**
 * Makes `.dev.vars` hold every secret of DEV_SECRETS; returns each value and where it came from
 * ("the NAME environment variable", ".dev.vars" or ".dev.vars (new random value)").
 */
export function prepareDevVars(path, env = process.env) {
  const before = existsSync(path) ? readFileSync(path, "utf8") : "";
  let text = before;
  const values = {};
  const sources = {};
  for (const [name, generate] of Object.entries(DEV_SECRETS)) {
    const stored = readDevVar(text, name);
    if (env[name]) {
      values[name] = env[name];
      sources[name] = `the ${name} environment variable`;
    } else if (stored) {
      values[name] = stored;
      sources[name] = ".dev.vars";
    } else {
      values[name] = generate();
      sources[name] = ".dev.vars (new random value)";
    }
    if (stored !== values[name]) text = setDevVar(text, name, values[name]);
  }
  if (text !== before || !existsSync(path)) writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { values, sources };
}

/** The command line of `wrangler dev` (offline, on 127.0.0.1:<port>): no secret in it. */
export function wranglerDevArgs(port) {
  return ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false"];
}
