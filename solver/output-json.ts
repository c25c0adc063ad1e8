/**
 * A solving output serialized in pieces (README "Request bodies": the Durable Object's memory): the text of
 * `JSON.stringify(value)` for plain data, made as a sequence of strings of about `pieceChars` each, so that a
 * 400,000-shift output is written to R2 without being one string. Long arrays (the output's shifts, possibly a lazy
 * array, lazy-array.ts) are walked member by member, each member JSON.stringify's own text; short arrays and objects
 * are walked down to their values. An iterator (a generator's object: a score analysis's matches, explain.ts
 * `lazyScoreAnalysis`) is written as the array of its members, each made as it is written.
 */

/** Arrays at least this long are written member by member. */
const LONG_ARRAY = 256;

export function* jsonPieces(value: unknown, pieceChars = 64 * 1024): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  function* put(text: string): Generator<string> {
    parts.push(text);
    chars += text.length;
    if (chars >= pieceChars) {
      yield parts.join("");
      parts = [];
      chars = 0;
    }
  }
  function* write(v: unknown): Generator<string> {
    if ((Array.isArray(v) && v.length >= LONG_ARRAY) || isIterator(v)) {
      yield* put("[");
      let i = 0;
      for (const member of v as Iterable<unknown>) {
        if (i++ > 0) parts.push(",");
        if ((Array.isArray(member) && member.length >= LONG_ARRAY) || isIterator(member)) {
          yield* write(member);
          continue;
        }
        // A member of a long array is small: its own JSON.stringify text (undefined, functions and symbols: null).
        const text = JSON.stringify(member) ?? "null";
        parts.push(text);
        chars += text.length + 1;
        if (chars >= pieceChars) {
          yield parts.join("");
          parts = [];
          chars = 0;
        }
      }
      yield* put("]");
    } else if (Array.isArray(v)) {
      // A short array: its members written in turn (one of them may hold an iterator).
      yield* put("[");
      for (let i = 0; i < v.length; i++) {
        if (i > 0) yield* put(",");
        yield* write(v[i]);
      }
      yield* put("]");
    } else if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON !== "function") {
      yield* put("{");
      let first = true;
      for (const key of Object.keys(v)) {
        const member = (v as Record<string, unknown>)[key];
        if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
        yield* put(`${first ? "" : ","}${JSON.stringify(key)}:`);
        first = false;
        yield* write(member);
      }
      yield* put("}");
    } else {
      yield* put(JSON.stringify(v) ?? "null");
    }
  }
  yield* write(value);
  if (parts.length > 0) yield parts.join("");
}

/** An iterator object (a generator's), written as an array: JSON.stringify would write `{}`. */
function isIterator(v: unknown): v is Iterator<unknown> & Iterable<unknown> {
  return v !== null && typeof v === "object" && typeof (v as Iterator<unknown>).next === "function" && typeof (v as Iterable<unknown>)[Symbol.iterator] === "function";
}
