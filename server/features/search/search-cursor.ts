// The search cursor: where the last page ended, as opaque base64url JSON, one shape per order.
//  - default (by tier — subscribers with a photo, others with one, without — then newest): the last
//    profile's (tier, created_at, id);
//  - « activité récente »: its (active_at or null, id);
//  - « compatibilité »: the position in the ranked pool (search.service.ts says why an offset).
// Timestamps travel as whole microseconds since 1970 so that no precision is lost (a JavaScript Date
// keeps milliseconds only) and nothing malformed can reach a cast.

import { SEARCH_MSG, SEARCH_POOL_SIZE } from "@domain/discovery.ts";
import { UUID } from "@domain/uuid.ts";
import { AppError } from "../../platform/http/errors.ts";

export interface SearchCursor {
  /** The default order's first key: 0, 1 or 2 (search.service.ts TIER). */
  tier: number;
  /** Microseconds since the Unix epoch, as a decimal string. */
  createdAtUs: string;
  id: string;
}

export interface ActivityCursor {
  /** null: the last profile shown had no visible activity (those come last). */
  activeAtUs: string | null;
  id: string;
}

export interface PoolCursor {
  offset: number;
}

export type AnyCursor =
  | ({ sort: "default" } & SearchCursor)
  | ({ sort: "activity" } & ActivityCursor)
  | ({ sort: "compatibility" } & PoolCursor);

const MICROS = /^\d{1,17}$/;

export function encodeSearchCursor(c: AnyCursor): string {
  const value =
    c.sort === "default"
      ? [c.tier, c.createdAtUs, c.id]
      : c.sort === "activity"
        ? ["a", c.activeAtUs, c.id]
        : ["c", c.offset];
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function parse(value: string): AnyCursor | null {
  let p: unknown;
  try {
    p = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(p)) return null;
  if (
    p.length === 3 &&
    (p[0] === 0 || p[0] === 1 || p[0] === 2) &&
    typeof p[1] === "string" &&
    MICROS.test(p[1]) &&
    typeof p[2] === "string" &&
    UUID.test(p[2])
  )
    return { sort: "default", tier: p[0], createdAtUs: p[1], id: p[2] };
  if (
    p.length === 3 &&
    p[0] === "a" &&
    (p[1] === null || (typeof p[1] === "string" && MICROS.test(p[1]))) &&
    typeof p[2] === "string" &&
    UUID.test(p[2])
  )
    return { sort: "activity", activeAtUs: p[1], id: p[2] };
  if (p.length === 2 && p[0] === "c" && Number.isInteger(p[1]) && p[1] > 0 && p[1] < SEARCH_POOL_SIZE)
    return { sort: "compatibility", offset: p[1] };
  return null;
}

/**
 * Decodes a cursor from the query string for the order asked; anything malformed, or made for
 * another order, is a 400, never a database error.
 */
export function decodeSearchCursor<S extends AnyCursor["sort"]>(
  value: string,
  sort: S,
): Extract<AnyCursor, { sort: S }> {
  const c = parse(value);
  if (c && c.sort === sort) return c as Extract<AnyCursor, { sort: S }>;
  throw new AppError(400, "VALIDATION_ERROR", SEARCH_MSG.CURSOR, { cursor: SEARCH_MSG.CURSOR });
}
