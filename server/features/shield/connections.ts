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
import { isHostingAddress } from "../../platform/geo/ip-network.ts";
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
  const hosting = isHostingAddress(address);
  const key = `${userId}:${day}:${country}:${hosting}`;
  if (noted.has(key)) return;
  try {
    await deps.database.db.execute(sql`INSERT INTO member_connections (user_id, day, country, hosting)
      VALUES (${userId}, ${day}::date, ${country}, ${hosting})
      ON CONFLICT (user_id, day, country) DO UPDATE SET hosting = member_connections.hosting OR EXCLUDED.hosting`);
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

/** Days on hosting or VPN networks, in the last 14, before they count. */
export const HOSTING_DAYS = 2;

/**
 * The last 14 days' connections against the member's story: a declared country of residence that
 * none confirms (MISMATCH_DAYS days or more), and days spent behind hosting or VPN networks.
 */
export async function connectionSignals(
  tx: Db,
  settings: ShieldSettings,
  userId: string,
): Promise<NewSignal[]> {
  const [row] = await queryRows(
    tx,
    z.strictObject({
      residence: z.string(),
      days: z.number().int(),
      hostingDays: z.number().int(),
      countries: z.array(z.string()),
      mismatchSignalled: z.boolean(),
      hostingSignalled: z.boolean(),
    }),
    sql`WITH c AS (SELECT day, country, hosting FROM member_connections
        WHERE user_id = ${userId} AND day > current_date - 14)
      SELECT p.country AS residence,
        (SELECT count(DISTINCT day)::int FROM c) AS days,
        (SELECT count(DISTINCT day)::int FROM c WHERE hosting) AS "hostingDays",
        coalesce((SELECT array_agg(DISTINCT country ORDER BY country) FROM c), '{}') AS countries,
        EXISTS (SELECT 1 FROM shield_signals WHERE user_id = p.user_id AND kind = 'country_mismatch'
          AND created_at > now() - interval '7 days') AS "mismatchSignalled",
        EXISTS (SELECT 1 FROM shield_signals WHERE user_id = p.user_id AND kind = 'hosting_network'
          AND created_at > now() - interval '7 days') AS "hostingSignalled"
      FROM profiles p WHERE p.user_id = ${userId}`,
  );
  if (!row) return [];
  const signals: NewSignal[] = [];
  const home = countryByName(row.residence)?.code;
  if (home && !row.mismatchSignalled && row.days >= MISMATCH_DAYS && !row.countries.includes(home))
    signals.push({
      kind: "country_mismatch",
      detail: `Connexions depuis ${row.countries.map(frenchName).join(", ")} (${row.days} jours sur 14) ; pays de résidence déclaré : ${row.residence}`,
      weight: settings.weights.country_mismatch,
    });
  if (!row.hostingSignalled && row.hostingDays >= HOSTING_DAYS)
    signals.push({
      kind: "hosting_network",
      detail: `Par un hébergeur ou un VPN ${row.hostingDays} jours sur 14`,
      weight: settings.weights.hosting_network,
    });
  return signals;
}
