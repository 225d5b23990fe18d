// The demo data's administrator (`npm start`'s seed, scripts/seed/accounts.ts) signs in with a
// password published in the README. Production refuses to start while it exists (issue 33): a
// demo seeded into a database that later serves the real site would hand its administration to
// anyone who read the README.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

export const DEMO_ADMIN_EMAIL = "admin@passerelle.example";

export class DemoAdministratorError extends Error {
  constructor() {
    super(
      `The demo administrator ${DEMO_ADMIN_EMAIL}, whose password is published, exists in this database: ` +
        "production does not start on demo data. Start production on a database of its own, or delete " +
        "that account first.",
    );
    this.name = "DemoAdministratorError";
  }
}

/** Throws DemoAdministratorError when the demo administrator's account exists. */
export async function refuseDemoAdministrator(db: Db): Promise<void> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
  if (row) throw new DemoAdministratorError();
}
