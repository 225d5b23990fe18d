// Verification, after both phases: every payment of the run (the ledger) compared with what the
// fake says it became, from one query over the checkouts, the members' profiles, their
// subscriptions and the audit log, and the receipts the app sent. Counted: double grants (two
// subscriptions for one checkout, a member with more subscriptions than paid checkouts, two
// « payment.paid » audit entries, two receipts, an end date extended past its subscriptions), lost
// payments (paid at the fake, yet the checkout not 'paid', no subscription or the member not
// subscribed), wrong grants (refused or cancelled at the fake, yet paid, subscribed or a receipt),
// payments still pending, and subscriptions without a checkout.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../../server/platform/db/client.ts";
import { timestampText } from "../../server/platform/db/row-schemas.ts";
import type { Bench } from "./members.ts";
import type { Opened, Outcome } from "./paths.ts";

export interface Verdict {
  opened: Opened;
  atFake: Outcome | "pending";
  status: string;
  /** Why it counts as a double grant (empty: it does not). */
  double: string[];
  lost: boolean;
  wrong: boolean;
  pending: boolean;
  /** Refused → failed, cancelled → cancelled. */
  unexpectedClose: boolean;
}

const checkRow = z.strictObject({
  id: z.string(),
  status: z.string(),
  accountStatus: z.string(),
  endsAt: timestampText.nullable(),
  lastEnd: timestampText.nullable(),
  subsOfCheckout: z.number().int(),
  subsOfMember: z.number().int(),
  paidOfMember: z.number().int(),
  paidAudits: z.number().int(),
});

export async function verify(b: Bench): Promise<{ verdicts: Verdict[]; strays: number }> {
  const rows = await queryRows(
    b.db,
    checkRow,
    sql`SELECT c.id, c.status, p.account_status AS "accountStatus", p.subscription_ends_at AS "endsAt",
        (SELECT max(s.end_date) FROM subscriptions s WHERE s.user_id = c.user_id) AS "lastEnd",
        (SELECT count(*)::int FROM subscriptions s WHERE s.checkout_id = c.id) AS "subsOfCheckout",
        (SELECT count(*)::int FROM subscriptions s WHERE s.user_id = c.user_id) AS "subsOfMember",
        (SELECT count(*)::int FROM checkouts c2 WHERE c2.user_id = c.user_id AND c2.status = 'paid') AS "paidOfMember",
        (SELECT count(*)::int FROM admin_audit a WHERE a.target_id = c.id::text AND a.action = 'payment.paid') AS "paidAudits"
      FROM checkouts c JOIN profiles p ON p.user_id = c.user_id`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [{ strays } = { strays: 0 }] = await queryRows(
    b.db,
    z.strictObject({ strays: z.number() }),
    sql`SELECT count(*)::int AS strays FROM subscriptions WHERE checkout_id IS NULL`,
  );
  const verdicts = b.ledger.map((o): Verdict => {
    const r = byId.get(o.checkoutId);
    if (!r) throw new Error(`checkout ${o.checkoutId} not found`);
    const atFake = b.paths[o.path].atFake(o);
    const paid = atFake === "paid";
    const receipts = b.receipts.get(o.email) ?? 0;
    const double: string[] = [];
    if (r.subsOfCheckout > 1) double.push("subscriptions of the checkout");
    // Every member of the bench pays once.
    if (r.subsOfMember > Math.min(1, r.paidOfMember)) double.push("subscriptions of the member");
    if (r.paidAudits > 1) double.push("payment.paid audit entries");
    if (receipts > 1) double.push("receipts");
    if (r.endsAt && r.lastEnd && new Date(r.endsAt).getTime() > new Date(r.lastEnd).getTime() + 1_000)
      double.push("end date past the subscriptions");
    return {
      opened: o,
      atFake,
      status: r.status,
      double,
      lost: paid && (r.status !== "paid" || r.subsOfCheckout === 0 || r.accountStatus !== "subscribed"),
      wrong:
        !paid &&
        (r.status === "paid" || r.subsOfCheckout > 0 || r.accountStatus === "subscribed" || receipts > 0),
      pending: r.status === "pending",
      unexpectedClose:
        (atFake === "refused" && r.status !== "failed") ||
        (atFake === "cancelled" && r.status !== "cancelled"),
    };
  });
  return { verdicts, strays };
}
