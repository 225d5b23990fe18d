// Members protecting themselves and controlling their data (no subscription needed for any of it):
//   /api/blocks (list, block, unblock), /api/reports (file), /api/me/export, /api/me/delete.
import { MSG } from "@domain/messages.ts";
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { account as accounts } from "../../platform/db/schema/index.ts";
import { attemptOrRefuse } from "../../platform/http/attempt-limits.ts";
import { AppError } from "../../platform/http/errors.ts";
import { requireUser } from "../../platform/http/session.ts";
import { jsonBody } from "../../platform/http/validate.ts";
import { blockMember, listBlocks, unblockMember } from "./blocks.service.ts";
import { deleteMyAccount, exportMyData } from "./my-data.service.ts";
import { fileReport, reportInputSchema } from "./reports.service.ts";

const blockSchema = z.strictObject({
  userId: z.string({ error: "Membre manquant" }).min(1, "Membre manquant").max(64, "Membre introuvable"),
});
const deleteSchema = z.strictObject({
  password: z
    .string({ error: "Saisissez votre mot de passe" })
    .min(1, "Saisissez votre mot de passe")
    .max(128),
});

export function blockRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", async (c) => c.json({ data: await listBlocks(db, deps.storage, c.get("user").id) }))
    .post("/", jsonBody(blockSchema), async (c) => {
      const { userId } = c.req.valid("json");
      return c.json(await blockMember(deps, c.get("user").id, userId), 201);
    })
    .delete("/:userId", async (c) => {
      await unblockMember(db, c.get("user").id, c.req.param("userId"));
      return c.body(null, 204);
    });
}

export function reportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireUser(deps)).post("/", jsonBody(reportInputSchema), async (c) => {
    const input = c.req.valid("json");
    const me = c.get("user").id;
    const report = await fileReport(deps.database.db, me, input);
    if (input.block) await blockMember(deps, me, input.userId);
    return c.json(report, 201);
  });
}

export function myDataRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/export", async (c) => {
      const zip = await exportMyData(deps, c.get("user").id);
      const day = new Date().toISOString().slice(0, 10);
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="passerelle-mes-donnees-${day}.zip"`,
        "Cache-Control": "no-store",
      });
    })
    .post("/delete", jsonBody(deleteSchema), async (c) => {
      const { password } = c.req.valid("json");
      const me = c.get("user").id;
      const succeeded = await attemptOrRefuse(c, db, "account-deletion", me);
      const [account] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, me), eq(accounts.providerId, "credential")));
      const ok = account?.password
        ? await verifyPassword({ hash: account.password, password }).catch(() => false)
        : false;
      if (!ok)
        throw new AppError(401, "WRONG_PASSWORD", MSG.WRONG_PASSWORD, { password: MSG.WRONG_PASSWORD });
      await succeeded();
      await deleteMyAccount(deps, me);
      return c.body(null, 204);
    });
}
