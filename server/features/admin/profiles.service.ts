// Administration of profiles: list with filters, one profile, edits under the same rules as the

// member's own form, and photo removal (moderation).
import type { AdminList, AdminProfileRow } from "@domain/admin.ts";
import { ADMIN_MSG } from "@domain/admin.ts";
import { ageOn, todayIso } from "@domain/age.ts";
import { ACCOUNT_STATUSES, GENDERS } from "@domain/constants.ts";
import { profileUpdateSchema } from "@domain/profile.ts";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { bool, cappedTotal, likePattern, listBase, orderBy } from "../../platform/admin/list-query.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { dateText, profileTextColumns, timestampText } from "../../platform/db/row-schemas.ts";
import { accountStatusEnum, genderEnum, profiles } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { forgetPhoto } from "../moderation/index.ts";
import { deletePhoto, photoDto } from "../photos/index.ts";
import { countryChange, isRelocate } from "../profile/index.ts";

export const profileListShape = {
  ...listBase,
  gender: z.enum(GENDERS, { error: "Genre inconnu" }).optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: "Statut inconnu" }).optional(),
  country: z.string().trim().min(1).max(60).optional(),
  hasPhoto: bool.optional(),
  sort: z
    .enum(["created_at", "updated_at", "first_name", "birth_date"], { error: "Tri inconnu" })
    .default("created_at"),
};
export type ProfileListQuery = z.output<z.ZodObject<typeof profileListShape>>;

/** An admin may change any field, but each one follows the member form's rules. */
export const adminProfileUpdateSchema = profileUpdateSchema.partial();

const profileNotFound = () => new AppError(404, "PROFILE_NOT_FOUND", ADMIN_MSG.PROFILE_NOT_FOUND);

/** A COLUMNS row. */
const profileRow = z.strictObject({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genderEnum.enumValues).nullable(),
  birthDate: dateText,
  birthDateConfirmed: z.boolean(),
  ...profileTextColumns,
  phoneNumber: z.string(),
  accountStatus: z.enum(accountStatusEnum.enumValues),
  createdAt: timestampText,
  updatedAt: timestampText,
});
type Row = z.output<typeof profileRow>;

const COLUMNS = sql`p.user_id AS "userId", u.email, p.first_name AS "firstName", p.last_name AS "lastName", p.gender,
  p.birth_date::text AS "birthDate", p.birth_date_confirmed AS "birthDateConfirmed", p.looking_for AS "lookingFor", p.country,
  p.origin_country AS "originCountry", p.city, p.relocate, p.phone_number AS "phoneNumber",
  p.bio, p.occupation, p.education, p.languages, p.interests, p.photos, p.account_status AS "accountStatus",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

function toDto(r: Row, storage: Storage, today: string): AdminProfileRow {
  return {
    ...r,
    age: r.birthDateConfirmed ? ageOn(r.birthDate, today) : null,
    relocate: isRelocate(r.relocate) ? r.relocate : null,
    photos: r.photos.map((k) => photoDto(k, storage)),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export async function listProfiles(
  db: Db,
  storage: Storage,
  q: ProfileListQuery,
): Promise<AdminList<AdminProfileRow>> {
  const where: SQL[] = [sql`TRUE`];
  if (q.q) {
    const pattern = likePattern(q.q);
    // As a set of ids, so that each table's trigram index serves its arm (see users.service.ts).
    where.push(sql`p.user_id IN (SELECT user_id FROM profiles WHERE (first_name || ' ' || last_name) ILIKE ${pattern}
      UNION ALL SELECT id FROM "user" WHERE email ILIKE ${pattern})`);
  }
  if (q.gender) where.push(sql`p.gender = ${q.gender}`);
  if (q.status) where.push(sql`p.account_status = ${q.status}`);
  if (q.country) where.push(sql`p.country = ${q.country}`);
  if (q.hasPhoto !== undefined) where.push(q.hasPhoto ? sql`p.has_photo` : sql`NOT p.has_photo`);
  const from = sql`FROM profiles p JOIN "user" u ON u.id = p.user_id WHERE ${sql.join(where, sql` AND `)}`;
  const order = orderBy(
    {
      created_at: sql`p.created_at`,
      updated_at: sql`p.updated_at`,
      first_name: sql`p.first_name`,
      birth_date: sql`p.birth_date`,
    },
    q.sort,
    q.dir,
    sql`p.id`,
  );
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      profileRow,
      sql`SELECT ${COLUMNS} ${from} ${order} LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
    ),
    cappedTotal(db, sql`SELECT 1 ${from}`),
  ]);
  const today = todayIso();
  return { data: rows.map((r) => toDto(r, storage, today)), ...total, page: q.page, size: q.size };
}

export async function getAdminProfile(db: Db, storage: Storage, userId: string): Promise<AdminProfileRow> {
  if (userId.length > 64) throw profileNotFound();
  const [row] = await queryRows(
    db,
    profileRow,
    sql`SELECT ${COLUMNS} FROM profiles p JOIN "user" u ON u.id = p.user_id WHERE p.user_id = ${userId}`,
  );
  if (!row) throw profileNotFound();
  return toDto(row, storage, todayIso());
}

/** Every field of the update is a profiles column (a field added to the schema fails to compile here). */
type NotAColumn = Exclude<
  keyof z.output<typeof adminProfileUpdateSchema>,
  keyof typeof profiles.$inferInsert
>;
const everyFieldIsAColumn: [NotAColumn] extends [never] ? true : NotAColumn = true;
void everyFieldIsAColumn;

export async function updateAdminProfile(
  db: Db,
  storage: Storage,
  actor: Actor,
  userId: string,
  /** Parsed by the route (jsonBody(adminProfileUpdateSchema)). */
  input: z.output<typeof adminProfileUpdateSchema>,
): Promise<AdminProfileRow> {
  const entries = Object.entries(input).filter(([, v]) => v !== undefined);
  if (entries.length === 0) throw new AppError(400, "VALIDATION_ERROR", ADMIN_MSG.NOTHING_TO_SAVE);
  await inTransaction(db, async (tx) => {
    // Fields left out (undefined) are not set.
    const [row] = await tx
      .update(profiles)
      .set({
        ...input,
        ...countryChange(input.country),
        // A birth date an administrator enters (from the member's request or papers) is confirmed.
        ...(input.birthDate === undefined ? {} : { birthDateConfirmed: true }),
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.userId, userId))
      .returning({ userId: profiles.userId });
    if (!row) throw profileNotFound();
    await audit(
      tx,
      actor,
      "profile.update",
      { type: "profile", id: userId },
      `Champs : ${entries.map(([k]) => k).join(", ")}`,
    );
  });
  return getAdminProfile(db, storage, userId);
}

export async function removeProfilePhoto(
  db: Db,
  storage: Storage,
  actor: Actor,
  userId: string,
  path: string,
): Promise<AdminProfileRow> {
  await deletePhoto(db, storage, userId, path);
  // Its hash goes, and a pending « Photos à vérifier » review of it is closed (issue 16).
  await forgetPhoto(db, path);
  await audit(db, actor, "profile.photo.remove", { type: "profile", id: userId }, path);
  return getAdminProfile(db, storage, userId);
}
