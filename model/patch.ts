/**
 * Patches of a model input (spec §2.5, real-time planning): an ordered list of `add`, `remove` and `replace`
 * operations, applied to a copy, all or nothing.
 *
 * Path grammar (relative to `modelInput`), segments separated by `/`:
 *   member          an object member by name (`/globalRules`, `/shifts[id=s1]/pinned`); `~1` is `/`, `~0` is `~`
 *   member[k=v]     the element of the list `member` whose field `k` equals `v` (`/employees[id=Ann]`)
 *   [k=v]           the same, on the list the previous segments selected
 *   n               a list position (`/shifts/0`)
 *   -               past the end of a list: `add` appends (`/shifts/-`)
 * Semantics follow JSON Patch (RFC 6902) where it applies: `add` inserts into a list or sets an object member
 * (replacing it), `remove` and `replace` need an existing target.
 *
 * Only the objects and arrays on the paths written are copied (`applyPatchShared`): a 400,000-shift input is patched
 * without copying it, its shifts edited through a PatchList.
 *
 * Only own members are ever followed or written: `__proto__`, `constructor` and `prototype` are refused as member
 * and selector names, so no path can reach `Object.prototype` (a member that `in` finds on the prototype chain
 * would otherwise let `/__proto__/x` pollute every object of the isolate).
 */

export type PatchOperation = { op: "add" | "remove" | "replace"; path: string; value?: unknown };

export class PatchError extends Error {
  constructor(
    readonly index: number,
    readonly path: string,
    reason: string,
  ) {
    super(`patch[${index}] (${path}): ${reason}`);
    this.name = "PatchError";
  }
}

type Segment =
  | { kind: "member"; name: string }
  | { kind: "index"; index: number }
  | { kind: "end" }
  | { kind: "select"; field: string; value: string };

/** Names that address the prototype machinery of JavaScript objects rather than data. */
const FORBIDDEN_NAMES = new Set(["__proto__", "constructor", "prototype"]);

function checkName(name: string): string {
  if (FORBIDDEN_NAMES.has(name)) throw new Error(`'${name}' is not allowed in a path`);
  return name;
}

/** Split on `/` outside brackets, then each part into a member and/or a selector. */
export function parsePath(path: string): Segment[] {
  if (!path.startsWith("/")) throw new Error("a path starts with '/'");
  const parts: string[] = [];
  let current = "";
  let depth = 0;
  for (const ch of path.slice(1)) {
    if (ch === "[") depth++;
    if (ch === "]") depth--;
    if (depth < 0) throw new Error("unbalanced ']'");
    if (ch === "/" && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  if (depth !== 0) throw new Error("unbalanced '['");
  parts.push(current);

  const segments: Segment[] = [];
  for (const part of parts) {
    const m = /^([^[\]]*)(?:\[([^=\]]+)=([^\]]*)\])?$/.exec(part);
    if (!m) throw new Error(`cannot read the segment '${part}'`);
    const [, name, field, value] = m;
    if (field !== undefined) {
      if (name) segments.push({ kind: "member", name: checkName(unescape(name)) });
      segments.push({ kind: "select", field: checkName(field), value });
    } else if (name === "-") segments.push({ kind: "end" });
    else if (/^(0|[1-9]\d*)$/.test(name)) segments.push({ kind: "index", index: Number(name) });
    else if (name === "") throw new Error("empty segment");
    else segments.push({ kind: "member", name: checkName(unescape(name)) });
  }
  return segments;
}

function unescape(name: string): string {
  return name.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * A list the patch edits by position without it being an array: the shifts of a request read as a stream
 * (solver/patched-shifts.ts), whose members are made when read. Its members are read-only to the patch, which
 * copies one before changing anything inside it; the list itself belongs to the patch and is edited in place.
 */
export abstract class PatchList {
  abstract readonly length: number;
  abstract get(at: number): unknown;
  /** The first position whose member is an object with an own `field` whose `String` is `value`, or -1. */
  abstract find(field: string, value: string): number;
  abstract set(at: number, value: unknown): void;
  abstract insert(at: number, value: unknown): void;
  abstract remove(at: number): void;
}

type List = unknown[] | PatchList;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof PatchList);
}

function isList(v: unknown): v is List {
  return Array.isArray(v) || v instanceof PatchList;
}

/** Whether `item` is an object with an own `field` whose `String` is `value` (a `[field=value]` selector). */
export function selects(item: unknown, field: string, value: string): boolean {
  return isObject(item) && Object.hasOwn(item, field) && String(item[field]) === value;
}

function describe(segment: Segment): string {
  switch (segment.kind) {
    case "member":
      return `'${segment.name}'`;
    case "index":
      return `position ${segment.index}`;
    case "end":
      return "'-'";
    case "select":
      return `[${segment.field}=${segment.value}]`;
  }
}

/** Position of the element a list segment designates, or -1 when it designates none. */
function positionIn(list: List, segment: Segment): number {
  if (segment.kind === "index") return segment.index < list.length ? segment.index : -1;
  if (segment.kind === "select") {
    if (list instanceof PatchList) return list.find(segment.field, segment.value);
    return list.findIndex((item) => selects(item, segment.field, segment.value));
  }
  return -1;
}

/**
 * Follow one segment to an existing value, or throw; the value is made the patch's own (a shallow copy put in its
 * place, unless `owned` already has it), so that what the patch changes further down is never shared with the input.
 */
function step(container: unknown, segment: Segment, owned: WeakSet<object>): unknown {
  let child: unknown;
  if (isList(container)) {
    if (segment.kind === "member") throw new Error(`${describe(segment)} names a member, but this is a list`);
    const at = positionIn(container, segment);
    if (at < 0) throw new Error(`no element at ${describe(segment)}`);
    child = container instanceof PatchList ? container.get(at) : container[at];
    if (child === null || typeof child !== "object" || owned.has(child) || child instanceof PatchList) return child;
    child = copyOf(child, owned);
    if (container instanceof PatchList) container.set(at, child);
    else container[at] = child;
    return child;
  }
  if (isObject(container)) {
    if (segment.kind !== "member") throw new Error(`${describe(segment)} selects a list element, but this is an object`);
    if (!Object.hasOwn(container, segment.name)) throw new Error(`no member ${describe(segment)}`);
    child = container[segment.name];
    if (child === null || typeof child !== "object" || owned.has(child) || child instanceof PatchList) return child;
    return (container[segment.name] = copyOf(child, owned));
  }
  throw new Error(`cannot go into ${describe(segment)}: the value there is not a list or an object`);
}

/** A shallow copy of an array or a plain object, recorded as the patch's own. */
function copyOf(value: object, owned: WeakSet<object>): object {
  const copy = Array.isArray(value) ? value.slice() : { ...value };
  owned.add(copy);
  return copy;
}

function applyOne(root: Record<string, unknown>, operation: PatchOperation, owned: WeakSet<object>): void {
  const segments = parsePath(operation.path);
  if (segments.length === 0) throw new Error("the path names no target");
  let parent: unknown = root;
  for (const segment of segments.slice(0, -1)) parent = step(parent, segment, owned);
  const last = segments[segments.length - 1];
  const hasValue = operation.value !== undefined;

  if (operation.op === "add" || operation.op === "replace") {
    if (!hasValue) throw new Error(`'${operation.op}' needs a value`);
  } else if (hasValue) {
    throw new Error("'remove' takes no value");
  }
  const value = structuredClone(operation.value);
  if (value !== null && typeof value === "object") owned.add(value);

  if (isList(parent)) {
    const list = parent;
    if (last.kind === "member") throw new Error(`${describe(last)} names a member, but this is a list`);
    if (operation.op === "add") {
      if (last.kind === "end") insert(list, list.length, value);
      else if (last.kind === "index") {
        if (last.index > list.length) throw new Error(`position ${last.index} is past the end (${list.length})`);
        insert(list, last.index, value);
      } else {
        if (positionIn(list, last) >= 0) throw new Error(`an element ${describe(last)} already exists; use 'replace'`);
        insert(list, list.length, value);
      }
      return;
    }
    if (last.kind === "end") throw new Error(`'-' is only valid for 'add'`);
    const at = positionIn(list, last);
    if (at < 0) throw new Error(`no element at ${describe(last)}`);
    if (operation.op === "remove") {
      if (list instanceof PatchList) list.remove(at);
      else list.splice(at, 1);
    } else if (list instanceof PatchList) list.set(at, value);
    else list[at] = value;
    return;
  }
  if (isObject(parent)) {
    if (last.kind !== "member") throw new Error(`${describe(last)} selects a list element, but this is an object`);
    if (operation.op !== "add" && !Object.hasOwn(parent, last.name)) throw new Error(`no member ${describe(last)}`);
    if (operation.op === "remove") delete parent[last.name];
    else parent[last.name] = value;
    return;
  }
  throw new Error("the parent of the target is not a list or an object");
}

function insert(list: List, at: number, value: unknown): void {
  if (list instanceof PatchList) list.insert(at, value);
  else list.splice(at, 0, value);
}

/**
 * The input with every operation applied in order; the original is not modified. The first failing operation
 * throws a PatchError naming its index and path, and nothing is applied.
 */
export function applyPatch<T extends object>(input: T, operations: readonly PatchOperation[]): T {
  return applyPatchShared(structuredClone(input), operations);
}

/**
 * `applyPatch` without copying the input first: the result shares with `input` every part the patch does not change
 * (those may be frozen: a streamed request's shared values), and only the objects and arrays on the paths it writes
 * are copied (`step`); `input` itself is never modified, but for the PatchLists in it, which the patch edits. A
 * failure leaves those PatchLists partly edited: they belong to the one patch.
 */
export function applyPatchShared<T extends object>(input: T, operations: readonly PatchOperation[]): T {
  const copy = { ...input } as Record<string, unknown>;
  const owned = new WeakSet<object>([copy]);
  operations.forEach((operation, index) => {
    try {
      applyOne(copy, operation, owned);
    } catch (err) {
      throw new PatchError(index, operation.path, err instanceof Error ? err.message : String(err));
    }
  });
  return copy as T;
}
