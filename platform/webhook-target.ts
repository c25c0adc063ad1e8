/**
 * Which URLs a webhook may target (README "Limits against abuse"). Checked when a webhook is saved (400 naming `url`)
 * and again before every delivery attempt, since the list of allowed hosts or the service's own origin may have
 * changed since. Without this the service would POST, on a tenant's behalf, to its own network (cloud metadata at
 * 169.254.169.254, localhost, private ranges) and report each outcome in the delivery logs: a port scanner.
 *
 * - IP literals: only globally routable unicast addresses (ipaddr.js's `range()` is "unicast"); loopback, private,
 *   link-local, unspecified, multicast, broadcast, carrier-grade NAT, documentation and the other reserved or
 *   IPv4-embedding IPv6 ranges are refused. IPv4-mapped IPv6 (`[::ffff:127.0.0.1]`) is judged as its IPv4 address.
 *   The WHATWG URL parser already rewrites decimal, hex, octal and short IPv4 forms (`http://2130706433/`,
 *   `http://0x7f000001/`, `http://127.1/`) to the dotted form, so they are judged as the address they are.
 * - Names: a Worker cannot resolve DNS before it connects, so names are judged by their form only: single-label
 *   names (resolved through local search domains) and the special-use or internal suffixes `localhost`, `local`,
 *   `internal`, `localdomain`, `home.arpa` are refused; every other name is accepted.
 * - The service itself: its own origin (PUBLIC_BASE_URL, and the origin a webhook is saved through) is refused.
 * - WEBHOOK_ALLOWED_HOSTS (comma-separated names, IP addresses or CIDR ranges) admits targets the rules above refuse,
 *   for self-hosted receivers and for the tests' receiver on 127.0.0.1; never the service's own origin.
 */
import ipaddr from "ipaddr.js";
import { DEFAULT_PUBLIC_BASE_URL } from "./webhook-store";

const INTERNAL_SUFFIXES = ["localhost", "local", "internal", "localdomain", "home.arpa"];

export interface TargetPolicy {
  /** Lower-case names and IP addresses, and CIDR ranges, from WEBHOOK_ALLOWED_HOSTS. */
  allowedNames: Set<string>;
  allowedRanges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** `host[:port]` of the service's own origins, as `URL.host` writes them. */
  ownHosts: Set<string>;
}

/** The policy from the Worker's settings; `requestUrl` adds the origin the current request came through. */
export function targetPolicy(
  env: { WEBHOOK_ALLOWED_HOSTS?: string; PUBLIC_BASE_URL?: string },
  requestUrl?: string,
): TargetPolicy {
  const allowedNames = new Set<string>();
  const allowedRanges: TargetPolicy["allowedRanges"] = [];
  for (const raw of (env.WEBHOOK_ALLOWED_HOSTS ?? "").split(",")) {
    const entry = raw.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
    if (!entry) continue;
    if (entry.includes("/") && ipaddr.isValidCIDR(entry)) allowedRanges.push(ipaddr.parseCIDR(entry));
    else allowedNames.add(ipaddr.isValid(entry) ? ipaddr.process(entry).toString() : entry);
  }
  const ownHosts = new Set<string>();
  for (const origin of [env.PUBLIC_BASE_URL || DEFAULT_PUBLIC_BASE_URL, requestUrl]) {
    if (origin && URL.canParse(origin)) ownHosts.add(new URL(origin).host.toLowerCase());
  }
  return { allowedNames, allowedRanges, ownHosts };
}

/** Why `url` may not be a webhook target, or null when it may. */
export function refusedTarget(url: string, policy: TargetPolicy): string | null {
  if (!URL.canParse(url)) return "not a valid URL";
  const u = new URL(url);
  if (u.protocol !== "http:" && u.protocol !== "https:") return "only http and https targets are allowed";
  if (policy.ownHosts.has(u.host.toLowerCase())) return `${u.host} is this service itself`;
  const host = u.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  const allowHint = "webhook targets must be public (or listed in WEBHOOK_ALLOWED_HOSTS)";
  if (ipaddr.isValid(host)) {
    const address = ipaddr.process(host);
    if (policy.allowedNames.has(address.toString())) return null;
    if (policy.allowedRanges.some((r) => address.kind() === r[0].kind() && address.match(r))) return null;
    const range = address.range();
    return range === "unicast" ? null : `${host} is a ${range} address; ${allowHint}`;
  }
  if (policy.allowedNames.has(host)) return null;
  if (!host.includes(".")) return `${host} is a single-label name that resolves inside a local network; ${allowHint}`;
  const suffix = INTERNAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  return suffix ? `${host} is a local or internal name (.${suffix}); ${allowHint}` : null;
}
