// The search cursor: the sort key of the last profile shown, (subscribed, created_at, id), as
// opaque base64url JSON. created_at travels as whole microseconds since 1970 so that no precision
// is lost (a JavaScript Date keeps milliseconds only) and nothing malformed can reach a cast.
import { SEARCH_MSG } from "@domain/discovery.ts";
import { AppError } from "../../http/errors.ts";

export interface SearchCursor {
  subscribed: boolean;
  /** Microseconds since the Unix epoch, as a decimal string. */
  createdAtUs: string;
  id: string;
}

const MICROS = /^\d{1,17}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeSearchCursor(c: SearchCursor): string {
  return Buffer.from(JSON.stringify([c.subscribed ? 1 : 0, c.createdAtUs, c.id])).toString("base64url");
}

/** Decodes a cursor from the query string; anything malformed is a 400, never a database error. */
export function decodeSearchCursor(value: string): SearchCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    (parsed[0] === 0 || parsed[0] === 1) &&
    typeof parsed[1] === "string" &&
    MICROS.test(parsed[1]) &&
    typeof parsed[2] === "string" &&
    UUID.test(parsed[2])
  ) {
    return { subscribed: parsed[0] === 1, createdAtUs: parsed[1], id: parsed[2] };
  }
  throw new AppError(400, "VALIDATION_ERROR", SEARCH_MSG.CURSOR, { cursor: SEARCH_MSG.CURSOR });
}
