/**
 * The streaming JSON reader's tokenizer (model/json-tokenizer.ts, through model/json-stream.ts): every document is
 * read in chunks of many sizes (so that every kind of token is split between writes somewhere) and must give what
 * `JSON.parse` gives, or be refused where `JSON.parse` refuses it.
 */
import { describe, expect, it } from "vitest";
import { JsonStream } from "../../model/json-stream";

const encoder = new TextEncoder();

function read(bytes: Uint8Array, chunk: number, streamed: string[][] = []): { root: unknown; members: unknown[] } {
  const members: unknown[] = [];
  const json = new JsonStream({
    streamed,
    onMember: (_list, _index, value) => members.push(value),
    maxKeptBytes: Number.MAX_SAFE_INTEGER,
    maxMemberBytes: Number.MAX_SAFE_INTEGER,
    refuse: (_status, _code, message) => new Error(message),
  });
  for (let at = 0; at < bytes.byteLength; at += chunk) json.write(bytes.subarray(at, at + chunk));
  return { root: json.end(), members };
}

const CHUNKS = [1, 2, 3, 5, 7, 13, 64, 65_536];

const VALID = [
  `{"a":1,"b":[true,false,null],"c":{"d":"e"}}`,
  ` \t\n\r{ "spaced" : [ 1 , 2 ] , "x" : { } , "y" : [ ] } \n`,
  `[0,-0,1,-1,12345678901234,123456789012345,1234567890123456789,9007199254740993,0.5,-0.25,1e3,1E-3,-1.5e+10,2.5E2,1e400,-1e-400,0.000001]`,
  `["", "plain", "with \\"quotes\\" and \\\\ and \\/", "\\b\\f\\n\\r\\t", "\\u0041\\u00e9\\u4e2d", "\\ud83d\\ude00", "\\ud83d alone", "\\ude00 alone", "\\uD83D\\uDE00 upper"]`,
  `["é", "中文", "😀 emoji", "mixed é and \\n escape", "\u007f delete", "2027-02-09T14:00:00Z", "2027-02-09T14:00:00Z"]`,
  `{"long":"${"x".repeat(40)}","longer":"${"y".repeat(70_000)}","deep":[[[[[[{"k":[1]}]]]]]]}`,
  `"a string as the document"`,
  `42`,
  `-3.75e2`,
  `true`,
  `null`,
  `\ufeff{"after a byte order mark":1}`,
];

const INVALID = [
  `00`,
  `-`,
  `-a`,
  `01`,
  `1.`,
  `1.e3`,
  `1e`,
  `1e+`,
  `.5`,
  `+1`,
  `1-2`,
  `[1,]`,
  `{"a":1,}`,
  `{"a" 1}`,
  `{a:1}`,
  `['a']`,
  `"unterminated`,
  `"bad escape \\x"`,
  `"bad unicode \\u12g4"`,
  `"short unicode \\u12"`,
  `"control \u0001 character"`,
  `"tab\tinside"`,
  `tru`,
  `trux`,
  `nul`,
  `falsey`,
  `[1 2]`,
  `{"a":1}}`,
  `{"a":1} 2`,
  ``,
  `   `,
  `[`,
  `{"a":`,
  `NaN`,
  `Infinity`,
];

describe("JSON tokenizer", () => {
  it("reads what JSON.parse reads, whatever the chunks", () => {
    for (const text of VALID) {
      const expected = JSON.parse(text.replace(/^\ufeff/, ""));
      for (const chunk of CHUNKS) {
        const { root } = read(encoder.encode(text), chunk);
        expect(Object.is(root, expected) || JSON.stringify(root) === JSON.stringify(expected), `${text.slice(0, 60)} in chunks of ${chunk}`).toBe(true);
        expect(root).toEqual(expected);
      }
    }
  });

  it("keeps -0, large integers and lone surrogates as JSON.parse does", () => {
    const text = `[-0,9007199254740993,123456789012345678,"\\ud800","\\udc00x"]`;
    const expected = JSON.parse(text) as unknown[];
    for (const chunk of CHUNKS) {
      const root = read(encoder.encode(text), chunk).root as unknown[];
      expect(Object.is(root[0], -0)).toBe(true);
      for (let i = 1; i < expected.length; i++) expect(root[i]).toBe(expected[i]);
    }
  });

  it("refuses what JSON.parse refuses, whatever the chunks", () => {
    for (const text of INVALID) {
      expect(() => JSON.parse(text), text).toThrow();
      for (const chunk of CHUNKS) expect(() => read(encoder.encode(text), chunk), `${JSON.stringify(text)} in chunks of ${chunk}`).toThrow(/Malformed JSON/);
    }
  });

  it("names the byte where a number goes wrong", () => {
    expect(() => read(encoder.encode("0".repeat(1000)), 65_536)).toThrow(/Malformed JSON.*byte 1\b/);
    expect(() => read(encoder.encode(`{"a":[1,2,x]}`), 65_536)).toThrow(/byte 10\b/);
  });

  it("reads random documents as JSON.parse does, members of a streamed list included", () => {
    let seed = 12345;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    const strings = ["id", "shift-1", "2027-01-01T00:00:00Z", "é", "a\"b", "tab\t", "\u2028", "😀", "x".repeat(33), ""];
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.4) {
        return pick<unknown>([
          pick(strings),
          Math.floor(random() * 1e6) - 5e5,
          random() * 1e3,
          -random() * 1e-5,
          2 ** 60 * random(),
          true,
          false,
          null,
        ]);
      }
      if (r < 0.7) return Array.from({ length: Math.floor(random() * 5) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, (_, i) => [`${pick(strings)}${i}`, value(depth + 1)]));
    };
    for (let doc = 0; doc < 200; doc++) {
      const shifts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({ id: `s${doc}`, v: value(1) }));
      const root = { modelInput: { shifts, other: value(1) }, config: value(1) };
      const text = random() < 0.5 ? JSON.stringify(root) : JSON.stringify(root, null, 2);
      const chunk = pick(CHUNKS);
      const { root: read_, members } = read(encoder.encode(text), chunk, [["modelInput", "shifts"]]);
      expect(members).toEqual(JSON.parse(JSON.stringify(shifts)));
      expect(read_).toEqual(JSON.parse(JSON.stringify({ ...root, modelInput: { ...root.modelInput, shifts: [] } })));
    }
  });
});
