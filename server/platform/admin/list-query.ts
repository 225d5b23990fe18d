// Query strings of the admin lists: page, size, q, sort, dir and each list's filters, validated
// (unknown parameters are refused), and the capped total that keeps counts cheap on big tables.
import { ADMIN_COUNT_CAP, ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX } from "@domain/admin.ts";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../db/client.ts";
import { queryRules } from "../http/query.ts";
import { queryOf } from "../http/validate.ts";

const int = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

export const listBase = {
  page: int(1, 100_000, "Le numéro de page doit être un entier positif").default(1),
  size: int(1, ADMIN_PAGE_SIZE_MAX, `Entre 1 et ${ADMIN_PAGE_SIZE_MAX} lignes par page`).default(
    ADMIN_PAGE_SIZE,
  ),
  q: z.string().trim().max(100, "Recherche trop longue (100 caractères au maximum)").optional(),
  dir: z.enum(["asc", "desc"], { error: "Ordre de tri invalide" }).default("desc"),
};

export const bool = z
  .enum(["true", "false"], { error: "Valeur attendue : true ou false" })
  .transform((v) => v === "true");

/** A list's query string, validated against `shape` (listBase plus its own filters). */
export function listQuery<S extends z.ZodRawShape>(shape: S) {
  return queryOf(z.object(shape), queryRules(Object.keys(shape)));
}

/** Escapes LIKE wildcards so that a search for « 50% » looks for those characters. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, "\\$&")}%`;
}

/** Counts the rows of `select` (any SELECT) up to ADMIN_COUNT_CAP. */
export async function cappedTotal(db: Db, select: SQL): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await queryRows(
    db,
    z.strictObject({ n: z.number().int() }),
    sql`SELECT count(*)::int AS n FROM (${select} LIMIT ${ADMIN_COUNT_CAP + 1}) AS capped`,
  );
  const n = row?.n ?? 0;
  return { total: Math.min(n, ADMIN_COUNT_CAP), totalCapped: n > ADMIN_COUNT_CAP };
}

/** `ORDER BY <column> <dir>` from a whitelist, with a stable tie-break. */
export function orderBy(columns: Record<string, SQL>, sort: string, dir: "asc" | "desc", tieBreak: SQL): SQL {
  const column = columns[sort] ?? Object.values(columns)[0]!;
  const d = dir === "asc" ? sql`ASC` : sql`DESC`;
  return sql`ORDER BY ${column} ${d}, ${tieBreak} ${d}`;
}
