// What a run shares (Bench: the app's dependencies and database, the three payment paths, every
// checkout opened and the receipts the app sent), and the bench's members: new members inserted
// directly (a "user" row and a finished profile, on trial, in the provider's country), and a
// checkout opened for one of them through the service (startCheckout: our row, then the provider's
// API at the fake), recorded in the run's ledger for the final verification.
import { randomBytes } from "node:crypto";
import { ONBOARDING_DONE } from "@domain/profile-completeness.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../server/deps.ts";
import { startCheckout } from "../../server/features/billing/subscriptions.service.ts";
import { type Db, queryRows } from "../../server/platform/db/client.ts";
import { profiles, user } from "../../server/platform/db/schema/index.ts";
import type { Opened, PathName, PaymentPath } from "./paths.ts";

export interface Member {
  id: string;
  email: string;
}

export interface Bench {
  deps: AppDeps;
  db: Db;
  paths: Record<PathName, PaymentPath>;
  /** Every checkout the run opened. */
  ledger: Opened[];
  /** Receipts the app sent, by recipient. */
  receipts: Map<string, number>;
}

export async function newMembers(db: Db, country: string, count: number): Promise<Member[]> {
  const members = Array.from({ length: count }, () => {
    const id = `bench_${randomBytes(8).toString("hex")}`;
    return { id, email: `${id}@exemple.fr` };
  });
  for (let i = 0; i < members.length; i += 250) {
    const chunk = members.slice(i, i + 250);
    await db.insert(user).values(chunk.map((m) => ({ id: m.id, name: "Awa", email: m.email })));
    await db.insert(profiles).values(
      chunk.map((m) => ({
        userId: m.id,
        firstName: "Awa",
        lastName: "Traoré",
        gender: "female" as const,
        birthDate: "1994-05-01",
        birthDateConfirmed: true,
        country,
        accountStatus: "trial" as const,
        onboardingStep: ONBOARDING_DONE,
      })),
    );
  }
  return members;
}

export async function openCheckout(b: Bench, p: PaymentPath, m: Member, plan = "3-mois"): Promise<Opened> {
  const dto = await startCheckout(b.deps, m, { plan, ...p.choice, returnTo: null });
  const [row] = await queryRows(
    b.db,
    z.strictObject({ s: z.string().nullable() }),
    sql`SELECT provider_session_id AS s FROM checkouts WHERE id = ${dto.id}::uuid`,
  );
  if (dto.provider !== p.name || !row?.s)
    throw new Error(`${p.name}: checkout ${dto.id} went to ${dto.provider} (session ${row?.s})`);
  const opened = { path: p.name, checkoutId: dto.id, sessionId: row.s, userId: m.id, email: m.email };
  b.ledger.push(opened);
  return opened;
}
