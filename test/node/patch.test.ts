/** The patch path grammar and operation semantics (spec §2.5), on plain objects. */
import { afterEach, describe, expect, it } from "vitest";
import { applyPatch, parsePath, PatchError, type PatchOperation } from "../../model/patch";

const base = () => ({
  employees: [
    { id: "Ann", availableTimeSpans: [{ start: "a", end: "b" }], skills: [{ id: "Nurse" }] },
    { id: "Bo/b", skills: [] as Array<{ id: string }> },
  ],
  shifts: [
    { id: "s1", start: "x", end: "y", pinned: false },
    { id: "s2", start: "x", end: "y", employee: "Ann" },
  ],
  globalRules: { a: 1 } as Record<string, unknown>,
});

describe("parsePath", () => {
  it.each([
    ["/shifts/-", [{ kind: "member", name: "shifts" }, { kind: "end" }]],
    ["/shifts/0", [{ kind: "member", name: "shifts" }, { kind: "index", index: 0 }]],
    [
      "/employees[id=Ann]/availableTimeSpans/0",
      [
        { kind: "member", name: "employees" },
        { kind: "select", field: "id", value: "Ann" },
        { kind: "member", name: "availableTimeSpans" },
        { kind: "index", index: 0 },
      ],
    ],
    ["/employees[id=Bo/b]", [{ kind: "member", name: "employees" }, { kind: "select", field: "id", value: "Bo/b" }]],
    ["/a~1b~0c", [{ kind: "member", name: "a/b~c" }]],
    ["/shifts/[id=s1]", [{ kind: "member", name: "shifts" }, { kind: "select", field: "id", value: "s1" }]],
  ])("%s", (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
  });

  it.each(["shifts", "/shifts[id=x", "/shifts]", "/a//b"])("rejects %s", (path) => {
    expect(() => parsePath(path)).toThrow();
  });
});

describe("applyPatch", () => {
  const cases: Array<[string, PatchOperation[], (r: ReturnType<typeof base>) => void]> = [
    ["add appends with -", [{ op: "add", path: "/shifts/-", value: { id: "s3" } }], (r) => expect(r.shifts.map((s) => s.id)).toEqual(["s1", "s2", "s3"])],
    ["add inserts at an index", [{ op: "add", path: "/shifts/0", value: { id: "s0" } }], (r) => expect(r.shifts.map((s) => s.id)).toEqual(["s0", "s1", "s2"])],
    ["add sets a member through a selector", [{ op: "add", path: "/shifts[id=s1]/employee", value: "Ann" }], (r) => expect(r.shifts[0]).toMatchObject({ employee: "Ann" })],
    ["add replaces an object member", [{ op: "add", path: "/globalRules", value: { b: 2 } }], (r) => expect(r.globalRules).toEqual({ b: 2 })],
    ["add into a nested list", [{ op: "add", path: "/employees[id=Bo/b]/skills/-", value: { id: "Doctor" } }], (r) => expect(r.employees[1].skills).toEqual([{ id: "Doctor" }])],
    ["remove by selector", [{ op: "remove", path: "/shifts[id=s1]" }], (r) => expect(r.shifts.map((s) => s.id)).toEqual(["s2"])],
    ["remove by index", [{ op: "remove", path: "/employees[id=Ann]/availableTimeSpans/0" }], (r) => expect(r.employees[0].availableTimeSpans).toEqual([])],
    ["remove a member", [{ op: "remove", path: "/shifts[id=s2]/employee" }], (r) => expect("employee" in r.shifts[1]).toBe(false)],
    ["replace a value", [{ op: "replace", path: "/shifts[id=s1]/pinned", value: true }], (r) => expect(r.shifts[0].pinned).toBe(true)],
    ["replace a list element", [{ op: "replace", path: "/shifts/1", value: { id: "s9" } }], (r) => expect(r.shifts[1]).toEqual({ id: "s9" })],
    [
      "operations apply in order",
      [
        { op: "add", path: "/shifts/-", value: { id: "s3" } },
        { op: "replace", path: "/shifts[id=s3]/id", value: "s4" },
        { op: "remove", path: "/shifts[id=s1]" },
      ],
      (r) => expect(r.shifts.map((s) => s.id)).toEqual(["s2", "s4"]),
    ],
  ];
  it.each(cases)("%s", (_name, ops, check) => {
    const input = base();
    const before = structuredClone(input);
    check(applyPatch(input, ops));
    expect(input).toEqual(before); // the original is never modified
  });

  const failures: Array<[string, PatchOperation[], number, RegExp]> = [
    ["unknown selector", [{ op: "remove", path: "/shifts[id=nope]" }], 0, /no element at \[id=nope\]/],
    ["replace of a missing member", [{ op: "replace", path: "/shifts[id=s1]/employee", value: "Ann" }], 0, /no member 'employee'/],
    ["index past the end", [{ op: "add", path: "/shifts/5", value: {} }], 0, /past the end/],
    ["add without a value", [{ op: "add", path: "/shifts/-" }], 0, /needs a value/],
    ["remove with a value", [{ op: "remove", path: "/shifts/0", value: 1 }], 0, /takes no value/],
    ["member on a list", [{ op: "replace", path: "/shifts/pinned", value: 1 }], 0, /this is a list/],
    ["selector on an object", [{ op: "remove", path: "/globalRules[id=x]" }], 0, /this is an object/],
    ["duplicate add by selector", [{ op: "add", path: "/shifts[id=s1]", value: { id: "s1" } }], 0, /already exists/],
    [
      "a later failure names its index; nothing is applied",
      [
        { op: "remove", path: "/shifts[id=s1]" },
        { op: "remove", path: "/shifts[id=s1]" },
      ],
      1,
      /no element/,
    ],
  ];
  it.each(failures)("fails: %s", (_name, ops, index, message) => {
    const input = base();
    let error: unknown;
    try {
      applyPatch(input, ops);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(PatchError);
    expect((error as PatchError).index).toBe(index);
    expect((error as PatchError).path).toBe(ops[index].path);
    expect((error as PatchError).message).toMatch(message);
    expect(input).toEqual(base());
  });
});

describe("applyPatch never reaches a prototype", () => {
  const hostile: Array<[string, PatchOperation]> = [
    ["/__proto__/polluted", { op: "add", path: "/__proto__/polluted", value: 1 }],
    ["/constructor/prototype/polluted", { op: "add", path: "/constructor/prototype/polluted", value: 1 }],
    ["/shifts/0/__proto__/polluted", { op: "add", path: "/shifts/0/__proto__/polluted", value: 1 }],
    ["/globalRules/constructor", { op: "replace", path: "/globalRules/constructor", value: 1 }],
    ["/__proto__ set", { op: "add", path: "/__proto__", value: { polluted: 1 } }],
    ["/shifts[__proto__=x]", { op: "remove", path: "/shifts[__proto__=x]" }],
    ["/shifts[constructor=x]/pinned", { op: "add", path: "/shifts[constructor=x]/pinned", value: true }],
    ["/globalRules/prototype", { op: "add", path: "/globalRules/prototype", value: 1 }],
  ];
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it.each(hostile)("%s is refused as a PatchError naming index and path", (_name, op) => {
    const ops: PatchOperation[] = [{ op: "replace", path: "/shifts[id=s1]/pinned", value: true }, op];
    let error: unknown;
    try {
      applyPatch(base(), ops);
    } catch (err) {
      error = err;
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(error).toBeInstanceOf(PatchError);
    expect((error as PatchError).index).toBe(1);
    expect((error as PatchError).path).toBe(op.path);
    expect((error as PatchError).message).toMatch(/is not allowed in a path/);
  });

  it.each(["/toString", "/hasOwnProperty/x", "/shifts/0/valueOf"])("inherited member %s is not a member", (path) => {
    expect(() => applyPatch(base(), [{ op: "remove", path }])).toThrow(/no member/);
  });
});
