/**
 * Regular expressions written by tenants (a webhook's `filters.datasetNameRegex`), compiled by RE2 (the `re2js` port)
 * and never by the runtime's backtracking `RegExp`: RE2 matches in time linear in the input, so a pattern such as
 * `^(a+)+$` cannot hold the isolate for seconds and stall other tenants' requests (README "Limits against abuse").
 * RE2 syntax is that of JavaScript without backreferences and lookaround; RE2 refuses a pattern whose compiled
 * program is too large, and the length is bounded here as well.
 */
import { RE2JS } from "re2js";

export const MAX_USER_REGEX_LENGTH = 1_000;

export type UserRegex = { ok: true; test(input: string): boolean } | { ok: false; reason: string };

export function compileUserRegex(pattern: string): UserRegex {
  if (pattern.length > MAX_USER_REGEX_LENGTH) {
    return { ok: false, reason: `at most ${MAX_USER_REGEX_LENGTH} characters (RE2 syntax)` };
  }
  try {
    const re = RE2JS.compile(pattern);
    return { ok: true, test: (input) => re.test(input) };
  } catch (err) {
    const message = err instanceof Error ? err.message : "invalid regular expression";
    return { ok: false, reason: `${message} (RE2 syntax: no backreferences or lookaround)` };
  }
}
