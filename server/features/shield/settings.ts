// The shield's thresholds and weights (domain/shield/shield.ts): one row administrators edit, read on
// every send. Each instance keeps it a few seconds, so a change reaches every instance within that.
import { DEFAULT_SHIELD_SETTINGS, type ShieldSettings, shieldSettingsSchema } from "@domain/shield/shield.ts";
import { eq, sql } from "drizzle-orm";
import { type Actor, audit } from "../../platform/admin/audit.ts";
import { type Db, inTransaction } from "../../platform/db/client.ts";
import { shieldSettings } from "../../platform/db/schema/index.ts";
import type { Logger } from "../../platform/logger.ts";
import { shieldFailures } from "./failures.ts";

const KEEP_MS = 5_000;
/** Per database (tests run several apps in one process), the settings and when they were read. */
const kept = new WeakMap<object, { at: number; settings: ShieldSettings }>();

/**
 * The settings of `database`, read through `via` when given (an open transaction: on the embedded
 * database, a read outside it would wait for it to end).
 */
export async function loadShieldSettings(
  database: { db: Db },
  via: Db = database.db,
): Promise<ShieldSettings> {
  const hit = kept.get(database);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.settings;
  const [row] = await via.select().from(shieldSettings).where(eq(shieldSettings.id, 1));
  // A row written by an older version lacks newer keys: the defaults fill them.
  const stored = (row?.settings ?? {}) as Partial<ShieldSettings>;
  const d = DEFAULT_SHIELD_SETTINGS;
  const parsed = shieldSettingsSchema.safeParse({
    ...d,
    ...stored,
    weights: { ...d.weights, ...stored.weights },
    allowances: { ...d.allowances, ...stored.allowances },
    bursts: { ...d.bursts, ...stored.bursts },
  });
  const settings = parsed.success ? parsed.data : DEFAULT_SHIELD_SETTINGS;
  kept.set(database, { at: Date.now(), settings });
  return settings;
}

/**
 * The settings for a send: when they cannot be read, the defaults — the shield never turns an
 * error into a lost message (the failure is counted and logged).
 */
export async function shieldSettingsOrDefault(deps: { database: { db: Db }; logger: Logger }) {
  try {
    return await loadShieldSettings(deps.database);
  } catch (err) {
    shieldFailures.count++;
    deps.logger.error({ err }, "shield: settings unreadable; the defaults apply");
    return DEFAULT_SHIELD_SETTINGS;
  }
}

/** An administrator's new settings, audited with the change. */
export async function saveShieldSettings(
  database: { db: Db },
  settings: ShieldSettings,
  actor: Actor,
): Promise<void> {
  await inTransaction(database.db, async (tx) => {
    await tx
      .insert(shieldSettings)
      .values({ id: 1, settings, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: shieldSettings.id,
        set: { settings, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await audit(
      tx,
      actor,
      "shield.settings",
      { type: "settings", id: null },
      `seuil ${settings.holdThreshold}, ${settings.enabled ? "actif" : "désactivé"}`,
    );
  });
  kept.delete(database);
}
