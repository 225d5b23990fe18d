// A member as the admin tables show them (MemberRef): read with one correlated subquery per row
// of a page, which is a handful of primary-key lookups.
import type { MemberRef } from "@domain/admin.ts";
import { GENDERS } from "@domain/constants.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { photoDto } from "../storage/photo-keys.ts";
import type { Storage } from "../storage/storage.ts";
import { likePattern } from "./list-query.ts";

/** A memberRefJson column: the object, or null when the account is gone. */
export const memberRefRow = z
  .strictObject({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    photo: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
  })
  .nullable();
export type MemberRefRow = NonNullable<z.output<typeof memberRefRow>>;

/** A JSON object { userId, email, name, photo, gender } for the user whose id is `userId`. */
export function memberRefJson(userId: SQL): SQL {
  return sql`(SELECT json_build_object('userId', u.id, 'email', u.email,
      'name', coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), u.name),
      'photo', p.photos[1], 'gender', p.gender)
    FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId})`;
}

export function toMemberRef(row: MemberRefRow | null, storage: Storage): MemberRef {
  if (!row) return { userId: "", email: "", name: "Compte supprimé", photo: null, gender: null };
  return { ...row, photo: row.photo ? photoDto(row.photo, storage) : null };
}

/**
 * `member` filter (issue 34: administrators find members by name too): the ids of the accounts the
 * value names — an e-mail (whole, case-insensitive); else an exact user id, or every member whose
 * name contains it (« Awa Diop », « diop »), read through profiles_name_trgm. A set, for `IN`.
 */
export function memberIdsFrom(value: string): SQL {
  const v = value.trim();
  if (v.includes("@")) return sql`SELECT id FROM "user" WHERE email = lower(${v})`;
  return sql`SELECT ${v}::text UNION SELECT user_id FROM profiles
    WHERE (first_name || ' ' || last_name) ILIKE ${likePattern(v)}`;
}
