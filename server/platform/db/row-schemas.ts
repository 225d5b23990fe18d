// Column shapes shared by the row schemas of hand-written queries (queryRows, ./client.ts): what the
// two drivers return for PostgreSQL types whose JavaScript form is not obvious. Raw statements go
// through Drizzle's driver settings, which leave timestamps and dates as PostgreSQL's text.
import { z } from "zod";

/**
 * A timestamptz as the drivers give it in raw rows: PostgreSQL's text in the session's time zone,
 * « 2026-11-27 00:22:59.054+00 » (fractions of up to six digits), which `new Date()` reads.
 */
export const timestampText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/);

/** A date (or date::text) as the drivers give it in raw rows: « 1992-04-18 ». */
export const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * An int8 (bigint, count(*) without a cast, sum of integers): PGlite gives a number, node-postgres
 * a string of digits. The code converts it with Number(); a statement that can cast it to int
 * (count(*)::int) returns a number from both.
 */
export const int8 = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);

/** A uuid column: its text form. */
export const uuid = z.guid();

/** Microseconds since 1970 as text (`((extract(epoch FROM t) * 1000000)::bigint)::text`): cursors. */
export const microsText = z.string().regex(/^-?\d{1,17}$/);

/**
 * The profile's own texts and lists, as raw rows give them (the columns named as the schema names
 * them): what a public profile, the administration's profile row and the member's data export share.
 */
export const profileTextColumns = {
  lookingFor: z.string(),
  country: z.string(),
  originCountry: z.string(),
  city: z.string(),
  relocate: z.string().nullable(),
  bio: z.string(),
  occupation: z.string(),
  education: z.string(),
  languages: z.array(z.string()),
  interests: z.array(z.string()),
  photos: z.array(z.string()),
};
