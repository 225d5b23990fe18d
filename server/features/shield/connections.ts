// Where a member writes from (issue 36): the country of the address of each message sent, once a
// day and country (the address itself is not kept), from the offline IP-to-country database. A
// declared country of residence that none of the connections of the last two weeks confirms is a
// signal — about a story that does not add up, never about a country: the same rule for all.

import { countryByCode, countryByName } from "@domain/countries.ts";
import type { ShieldSettings } from "@domain/shield/shield.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/client.ts";
import { countryOfAddress } from "../../platform/geo/ip-country.ts";
import type { Logger } from "../../platform/logger.ts";
import { shieldFailures } from "./failures.ts";
import type { NewSignal } from "./score.ts";

/** Days and countries already written by this instance (one insert a day and country at most). */
const noted = new Set<string>();
const NOTED_MAX = 50_000;

/** Notes the country of `address` for the member today; never fails the request. */
export async function noteConnection(
  deps: { database: { db: Db }; logger: Logger },
  userId: string,
  address: string,
): Promise<void> {
  const country = countryOfAddress(address);
  if (!country) return;
  const day = new Date().toISOString().slice(0, 10);
  const key = `${userId}:${day}:${country}`;
  if (noted.has(key)) return;
  try {
    await deps.database.db.execute(sql`INSERT INTO member_connections (user_id, day, country)
      VALUES (${userId}, ${day}::date, ${country}) ON CONFLICT DO NOTHING`);
    if (noted.size >= NOTED_MAX) noted.clear();
    noted.add(key);
  } catch (err) {
    shieldFailures.count++;
    deps.logger.error({ err, userId }, "shield: a connection’s country could not be noted");
  }
}

/** Days of connections that contradict a declared residence before they count. */
export const MISMATCH_DAYS = 3;

const frenchName = (code: string) => countryByCode(code)?.name ?? code;

/** The signal when the last 14 days' connections never come from the declared country of residence. */
export async function residenceMismatch(
  tx: Db,
  settings: ShieldSettings,
  userId: string,
): Promise<NewSignal | null> {
  const [row] = await queryRows(
    tx,
    z.strictObject({
      residence: z.string(),
      days: z.number().int(),
      countries: z.array(z.string()),
      already: z.boolean(),
    }),
    sql`SELECT p.country AS residence,
        (SELECT count(DISTINCT day)::int FROM member_connections c WHERE c.user_id = p.user_id
          AND c.day > current_date - 14) AS days,
        coalesce((SELECT array_agg(DISTINCT country ORDER BY country) FROM member_connections c
          WHERE c.user_id = p.user_id AND c.day > current_date - 14), '{}') AS countries,
        EXISTS (SELECT 1 FROM shield_signals WHERE user_id = p.user_id AND kind = 'country_mismatch'
          AND created_at > now() - interval '7 days') AS already
      FROM profiles p WHERE p.user_id = ${userId}`,
  );
  const home = row ? countryByName(row.residence)?.code : undefined;
  if (!row || !home || row.already || row.days < MISMATCH_DAYS || row.countries.includes(home)) return null;
  return {
    kind: "country_mismatch",
    detail: `Connexions depuis ${row.countries.map(frenchName).join(", ")} (${row.days} jours sur 14) ; pays de résidence déclaré : ${row.residence}`,
    weight: settings.weights.country_mismatch,
  };
}
