// /admin/add-json: members with profiles from a JSON file. Every row is checked with the rules of
// the API (the e-mail of sign-up, the fields of /api/profile); the preview writes nothing; the
// import writes the valid rows in one transaction, by e-mail: an existing member is updated, a new
// one is created without a usable password and e-mailed a link to choose one (issue 34), valid
// WELCOME_LINK_DAYS — a password-reset link (Better Auth's `reset-password:<token>` row) that lives
// longer than a reset's hour; « Mot de passe oublié ? » gives a fresh one after that.
import { randomBytes } from "node:crypto";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreviewDto,
  type ImportResultDto,
  type ImportRowDto,
} from "@domain/admin.ts";
import { emailSchema } from "@domain/auth.ts";
import { DEFAULT_INTERESTS, DEFAULT_LANGUAGES, DEFAULT_LOOKING_FOR } from "@domain/constants.ts";
import { profileUpdateSchema } from "@domain/profile.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { type Db, inTransaction, queryRows } from "../../platform/db/client.ts";
import { user } from "../../platform/db/schema/index.ts";
import { importedWelcomeMail } from "../../platform/email/templates.ts";
import { AppError } from "../../platform/http/errors.ts";

const p = profileUpdateSchema.shape;
/** One member: the sign-up e-mail plus the profile form's fields, the optional ones defaulted. */
export const importRowSchema = z.strictObject({
  email: emailSchema,
  firstName: p.firstName,
  lastName: p.lastName.default(""),
  gender: p.gender,
  lookingFor: p.lookingFor.default(DEFAULT_LOOKING_FOR),
  birthDate: p.birthDate,
  country: p.country,
  // Left out of a profile update, these three keep their value; left out of an imported row, they
  // take a new profile's ("", "", null), like the other optional fields here.
  originCountry: p.originCountry.default(""),
  city: p.city.default(""),
  relocate: p.relocate.default(null),
  phoneNumber: p.phoneNumber.default(""),
  bio: p.bio.default(""),
  occupation: p.occupation.default(""),
  education: p.education.default(""),
  languages: p.languages.default([...DEFAULT_LANGUAGES]),
  interests: p.interests.default([...DEFAULT_INTERESTS]),
});
type ImportRow = z.output<typeof importRowSchema>;

const IMPORT_MSG = {
  NOT_JSON: "Le fichier n’est pas un JSON valide",
  SHAPE: 'Le JSON doit être une liste de membres, ou un objet { "members": [ … ] }',
  EMPTY: "Le fichier ne contient aucun membre",
  TOO_MANY: `${IMPORT_MAX_ROWS} membres au maximum par import`,
  TOO_BIG: `Le fichier dépasse ${IMPORT_MAX_BYTES / 1024 / 1024} Mo`,
  NOT_OBJECT: "Chaque membre doit être un objet JSON",
  DUPLICATE: "Cette adresse e-mail figure déjà plus haut dans le fichier",
  ADMIN: "Cette adresse est celle d’un compte d’administration : elle n’est pas importée",
};

export const importBodySchema = z.strictObject({
  json: z.string({ error: "Contenu JSON manquant" }).max(IMPORT_MAX_BYTES, IMPORT_MSG.TOO_BIG),
});

function parseFile(json: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new AppError(400, "INVALID_JSON", IMPORT_MSG.NOT_JSON);
  }
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object" && Array.isArray((value as { members?: unknown }).members)
      ? (value as { members: unknown[] }).members
      : null;
  if (!list) throw new AppError(400, "VALIDATION_ERROR", IMPORT_MSG.SHAPE);
  if (list.length === 0) throw new AppError(400, "VALIDATION_ERROR", IMPORT_MSG.EMPTY);
  if (list.length > IMPORT_MAX_ROWS) throw new AppError(400, "VALIDATION_ERROR", IMPORT_MSG.TOO_MANY);
  return list;
}

interface Checked {
  dto: ImportRowDto;
  row: ImportRow | null;
}

/** Validates every row and says which e-mails exist already (and which are administrators). */
async function check(db: Db, json: string): Promise<Checked[]> {
  const list = parseFile(json);
  const checked: Checked[] = list.map((raw, i) => {
    const index = i + 1;
    const guess = (k: string) =>
      raw && typeof raw === "object" && typeof (raw as Record<string, unknown>)[k] === "string"
        ? ((raw as Record<string, string>)[k] ?? null)
        : null;
    if (!raw || typeof raw !== "object" || Array.isArray(raw))
      return {
        row: null,
        dto: {
          index,
          email: null,
          firstName: null,
          ok: false,
          errors: { _: IMPORT_MSG.NOT_OBJECT },
          exists: false,
        },
      };
    const parsed = importRowSchema.safeParse(raw);
    if (parsed.success)
      return {
        row: parsed.data,
        dto: {
          index,
          email: parsed.data.email,
          firstName: parsed.data.firstName,
          ok: true,
          errors: {},
          exists: false,
        },
      };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const k of issue.keys) errors[k] = "Champ inconnu";
      else errors[String(issue.path[0] ?? "_")] ??= issue.message;
    }
    return {
      row: null,
      dto: { index, email: guess("email"), firstName: guess("firstName"), ok: false, errors, exists: false },
    };
  });

  const seen = new Set<string>();
  for (const c of checked) {
    if (!c.row) continue;
    if (seen.has(c.row.email)) {
      c.dto.ok = false;
      c.dto.errors.email = IMPORT_MSG.DUPLICATE;
      c.row = null;
    } else seen.add(c.row.email);
  }
  const emails = [...seen];
  const existing = emails.length
    ? await db
        .select({ email: user.email, role: user.role })
        .from(user)
        // One array parameter, however many rows the file holds.
        .where(sql`${user.email} = ANY(${sql.param(emails)}::text[])`)
    : [];
  const roles = new Map(existing.map((e) => [e.email, e.role]));
  for (const c of checked) {
    const email = c.row?.email;
    if (!email || !roles.has(email)) continue;
    c.dto.exists = true;
    if (roles.get(email) === "admin") {
      c.dto.ok = false;
      c.dto.errors.email = IMPORT_MSG.ADMIN;
      c.row = null;
    }
  }
  return checked;
}

export async function previewImport(db: Db, json: string): Promise<ImportPreviewDto> {
  const checked = await check(db, json);
  const valid = checked.filter((c) => c.dto.ok).length;
  return { rows: checked.map((c) => c.dto), valid, invalid: checked.length - valid };
}

/** A scrypt-format hash of nothing anybody knows: sign-in fails until the password is reset. */
const unusableHash = () => `${randomBytes(16).toString("hex")}:${randomBytes(64).toString("hex")}`;

/** How long the link of an imported member's welcome e-mail works. */
export const WELCOME_LINK_DAYS = 7;

/**
 * Imports the file's valid rows, then e-mails each member it created a link to choose a password
 * (after the commit, not awaited by the request: a failure is logged).
 */
export async function runImport(
  deps: Pick<AppDeps, "database" | "mailer" | "logger" | "config">,
  actor: Actor,
  json: string,
): Promise<ImportResultDto> {
  const { result, welcomes } = await writeImport(deps.database.db, actor, json);
  for (const w of welcomes) {
    const url = `${deps.config.publicBaseUrl}/reset-password?token=${encodeURIComponent(w.token)}`;
    deps.mailer
      .send(importedWelcomeMail(w.email, w.firstName, url, WELCOME_LINK_DAYS))
      .catch((err) => deps.logger.error({ err }, "e-mail sending failed"));
  }
  return result;
}

interface Welcome {
  email: string;
  firstName: string;
  token: string;
}

async function writeImport(
  db: Db,
  actor: Actor,
  json: string,
): Promise<{ result: ImportResultDto; welcomes: Welcome[] }> {
  const checked = await check(db, json);
  const rows = checked.flatMap((c) => (c.row ? [c.row] : []));
  const skipped = checked.length - rows.length;
  if (rows.length === 0) return { result: { created: 0, updated: 0, skipped }, welcomes: [] };
  return inTransaction(db, async (tx) => {
    const accounts = rows.map((r) => ({
      id: randomBytes(16).toString("base64url"),
      email: r.email,
      name: r.firstName,
      hash: unusableHash(),
    }));
    const people = JSON.stringify(accounts);
    const created = await queryRows(
      tx,
      z.strictObject({ id: z.string() }),
      sql`INSERT INTO "user" (id, name, email, email_verified, role, created_at, updated_at)
        SELECT r.id, r.name, r.email, false, 'user', now(), now()
        FROM json_to_recordset(${people}::json) AS r(id text, email text, name text, hash text)
        ON CONFLICT (email) DO NOTHING RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at)
      SELECT r.id || '-credential', r.id, 'credential', r.id, r.hash, now(), now()
      FROM json_to_recordset(${people}::json) AS r(id text, email text, name text, hash text)
      WHERE r.id = ANY(${sql.param(created.map((c) => c.id))}::text[])`);
    const profiles = JSON.stringify(rows);
    // Every row carries a birth date checked like the member form's: it counts as confirmed. A new
    // member's country comes from the records imported (no change recorded); an existing member's
    // country that the import changes counts as a change (card prices in FCFA wait, issue 33).
    await tx.execute(sql`INSERT INTO profiles (user_id, first_name, last_name, gender, looking_for, birth_date,
        birth_date_confirmed, country, origin_country, city, relocate, phone_number, bio, occupation, education,
        languages, interests, created_at, updated_at)
      SELECT u.id, r."firstName", r."lastName", r.gender::gender, r."lookingFor", r."birthDate"::date, true, r.country,
        r."originCountry", r.city, r.relocate, r."phoneNumber", r.bio, r.occupation, r.education, r.languages,
        r.interests, now(), now()
      FROM json_to_recordset(${profiles}::json) AS r(email text, "firstName" text, "lastName" text, gender text,
        "lookingFor" text, "birthDate" text, country text, "originCountry" text, city text, relocate text,
        "phoneNumber" text, bio text, occupation text, education text, languages text[], interests text[])
      JOIN "user" u ON u.email = r.email
      ON CONFLICT (user_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
        gender = excluded.gender, looking_for = excluded.looking_for, birth_date = excluded.birth_date,
        birth_date_confirmed = true, country = excluded.country,
        country_changed_at = CASE WHEN profiles.country IS DISTINCT FROM excluded.country THEN now()
          ELSE profiles.country_changed_at END,
        origin_country = excluded.origin_country,
        city = excluded.city, relocate = excluded.relocate, phone_number = excluded.phone_number, bio = excluded.bio,
        occupation = excluded.occupation, education = excluded.education, languages = excluded.languages,
        interests = excluded.interests, updated_at = now()`);
    // Each new member's link to choose a password (server/platform/auth/reset-links.ts: the same rows).
    const createdIds = new Set(created.map((c) => c.id));
    const welcomes = accounts
      .filter((a) => createdIds.has(a.id))
      .map((a) => ({
        rowId: randomBytes(16).toString("base64url"),
        userId: a.id,
        email: a.email,
        firstName: a.name,
        token: randomBytes(24).toString("base64url"),
      }));
    if (welcomes.length > 0)
      await tx.execute(sql`INSERT INTO verification (id, identifier, value, expires_at, created_at, updated_at)
        SELECT r."rowId", 'reset-password:' || r.token, r."userId",
          now() + ${WELCOME_LINK_DAYS} * interval '1 day', now(), now()
        FROM json_to_recordset(${JSON.stringify(welcomes)}::json) AS r("rowId" text, token text, "userId" text)`);
    const result = { created: created.length, updated: rows.length - created.length, skipped };
    await audit(
      tx,
      actor,
      "import",
      { type: "import", id: null },
      `${result.created} créés, ${result.updated} mis à jour, ${skipped} ignorés`,
    );
    return { result, welcomes: welcomes.map(({ email, firstName, token }) => ({ email, firstName, token })) };
  });
}
