/**
 * Bounded strings for everything that can end up in a stored value: ids, references to ids, tags and names. The
 * dataset index (D1) and each dataset's Durable Object keep metadata and validation messages that quote them, and a
 * deployed D1 row or Durable Object value holds at most 2 MB (README "Limits"); a longer string is a 400 naming the
 * field, not a failed write. Imports nothing of ours.
 */
import { z } from "@hono/zod-openapi";

/** Ids, references to ids and tags: at most this many characters. */
export const MAX_ID_LENGTH = 255;
/** Dataset names (`config.run.name`, `?name=`, PATCH metadata). */
export const MAX_NAME_LENGTH = 255;
/** Dataset tags (`config.run.tags` plus `?tags=`, PATCH metadata). */
export const MAX_TAG_COUNT = 100;

/** An id or a reference to one (possibly empty where the reference schema allows it). */
export const IdSchema = z.string().max(MAX_ID_LENGTH);
/** An id that must not be empty. */
export const RequiredIdSchema = z.string().min(1).max(MAX_ID_LENGTH);
/** A tag of a dataset, shift or employee. */
export const TagSchema = z.string().max(MAX_ID_LENGTH);
