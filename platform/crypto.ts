/**
 * The cryptography of the platform, on WebCrypto only (works in workerd and Node 20):
 * - credentials (API keys, access tokens) are random 32-byte values shown once and stored as hex SHA-256;
 * - secrets and webhook HMAC keys are sealed with AES-256-GCM under a key derived (HKDF-SHA-256) from the Worker
 *   secret SECRETS_KEY, with the owning tenant and row as additional data, so a ciphertext cannot be moved to
 *   another tenant or row;
 * - webhook signatures are Base64 HMAC-SHA-256 (spec §6.3).
 * Comparisons of secrets are constant-time.
 */

/** SECRETS_KEY is unset: the service cannot seal or unseal (the API answers 500 SECRETS_KEY_MISSING). */
export class SecretsKeyMissingError extends Error {
  constructor() {
    super("The service has no SECRETS_KEY configured, so it cannot store secrets.");
    this.name = "SecretsKeyMissingError";
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new credential: `<prefix><43 base64url characters>` (256 random bits). */
export function newToken(prefix: string): string {
  return prefix + base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Constant-time equality of two byte strings of any length (the length itself is not secret). */
export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Constant-time comparison of two secrets: hashing first makes the lengths equal and hides them. */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const [ha, hb] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return timingSafeEqualBytes(new Uint8Array(ha), new Uint8Array(hb));
}

export async function hmacSha256Base64(key: string, content: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64(new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(content))));
}

const SEAL_VERSION = "v1";

async function sealingKey(secretsKey: string | undefined): Promise<CryptoKey> {
  if (!secretsKey) {
    throw new SecretsKeyMissingError();
  }
  const material = await crypto.subtle.importKey("raw", encoder.encode(secretsKey), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("rota/secrets"), info: encoder.encode("aes-256-gcm v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** AES-256-GCM with a random 96-bit IV; `context` (tenant and row) is authenticated but not stored. */
export async function seal(secretsKey: string | undefined, plaintext: string, context: string): Promise<string> {
  const key = await sealingKey(secretsKey);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return `${SEAL_VERSION}.${base64(iv)}.${base64(new Uint8Array(ct))}`;
}

export async function unseal(secretsKey: string | undefined, sealed: string, context: string): Promise<string> {
  const [version, iv, ct] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !ct) throw new Error("Unknown ciphertext format.");
  const key = await sealingKey(secretsKey);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(context) },
    key,
    fromBase64(ct),
  );
  return decoder.decode(plain);
}

export function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(new ArrayBuffer(s.length));
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
