// /api/admin: the login routes, then everything else behind requireAdmin (the role is checked on
// the server for every request). See domain/admin.ts for the contract.
import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../../http/admin-guard.ts";
import { parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/json.ts";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { decidePhotoReview, listPendingPhotoReviews } from "../../moderation/review.service.ts";
import {
  decideVerification,
  listPendingVerifications,
  pendingSelfie,
} from "../../verification/review.service.ts";
import { adminAuthRoutes, adminRecord } from "./admin-auth.routes.ts";
import { listAudit } from "./audit.ts";
import {
  deleteMessage,
  listMatches,
  listMessages,
  matchListShape,
  messageListShape,
  rejectMatch,
} from "./conversations.service.ts";
import { dashboard } from "./dashboard.service.ts";
import { importBodySchema, previewImport, runImport } from "./import.service.ts";
import { listBase, readListQuery } from "./list-query.ts";
import { listPayments, paymentListShape } from "./payments.service.ts";
import {
  getAdminProfile,
  listProfiles,
  profileListShape,
  removeProfilePhoto,
  updateAdminProfile,
} from "./profiles.service.ts";
import {
  actOnReport,
  getReport,
  listReports,
  reportActionSchema,
  reportListShape,
  reportStatusSchema,
  setReportStatus,
} from "./reports.service.ts";
import {
  cancelSubscription,
  extendSchema,
  extendSubscription,
  grantSchema,
  grantSubscription,
  listSubscriptions,
  subscriptionListShape,
} from "./subscriptions.service.ts";
import {
  banUser,
  deleteUser,
  getUser,
  listUsers,
  setRole,
  unbanUser,
  userListShape,
} from "./users.service.ts";

const banSchema = z.strictObject({
  reason: z
    .string({ error: "Indiquez la motif du bannissement" })
    .trim()
    .min(3, "Indiquez la motif du bannissement")
    .max(300),
});
const roleSchema = z.strictObject({ role: z.enum(["user", "admin"], { error: "Rôle inconnu" }) });
const deleteSchema = z.strictObject({
  confirmEmail: z
    .string({ error: "Saisissez l'adresse e-mail du compte" })
    .min(1, "Saisissez l'adresse e-mail du compte")
    .max(254),
});
const auditShape = { ...listBase, action: z.string().max(40).optional() };
/** The review queue has one order (oldest first) and no search: pages only. */
const verificationListShape = { page: listBase.page, size: listBase.size };
/** The same for the held photos. */
const photoReviewListShape = verificationListShape;

export function adminRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { storage } = deps;
  const actor = (c: { get(k: "user"): { id: string; email: string } }) => {
    const u = c.get("user");
    return { id: u.id, email: u.email };
  };

  // Who is signed in: open to an administrator still to turn on TOTP, who is sent to enrol.
  const me = new Hono<AppEnv>().get("/me", requireAdmin(deps, { enrolment: true }), async (c) => {
    const admin = await adminRecord(db, c.get("user").id, deps.config);
    return admin ? c.json(admin) : c.json({ error: { code: "FORBIDDEN", message: "Accès refusé" } }, 403);
  });

  const guarded = new Hono<AppEnv>()
    .use(requireAdmin(deps))
    .get("/dashboard", async (c) => c.json(await dashboard(db, deps.config.dashboardCacheSeconds)))
    .get("/audit", async (c) => c.json(await listAudit(db, readListQuery(c, auditShape))))
    // Users
    .get("/users", async (c) => c.json(await listUsers(db, storage, readListQuery(c, userListShape))))
    .get("/users/:id", async (c) => c.json(await getUser(db, storage, c.req.param("id"))))
    .post("/users/:id/ban", async (c) => {
      const { reason } = parseOrThrow(banSchema, await readJson(c));
      await banUser(deps, actor(c), c.req.param("id"), reason);
      return c.json(await getUser(db, storage, c.req.param("id")));
    })
    .post("/users/:id/unban", async (c) => {
      await unbanUser(deps, actor(c), c.req.param("id"));
      return c.json(await getUser(db, storage, c.req.param("id")));
    })
    .post("/users/:id/role", async (c) => {
      const { role } = parseOrThrow(roleSchema, await readJson(c));
      await setRole(deps, actor(c), c.req.param("id"), role);
      return c.json(await getUser(db, storage, c.req.param("id")));
    })
    .delete("/users/:id", async (c) => {
      const { confirmEmail } = parseOrThrow(deleteSchema, await readJson(c));
      await deleteUser(deps, actor(c), c.req.param("id"), confirmEmail);
      return c.body(null, 204);
    })
    // Profiles
    .get("/profiles", async (c) =>
      c.json(await listProfiles(db, storage, readListQuery(c, profileListShape))),
    )
    .get("/profiles/:userId", async (c) => c.json(await getAdminProfile(db, storage, c.req.param("userId"))))
    .patch("/profiles/:userId", async (c) =>
      c.json(await updateAdminProfile(db, storage, actor(c), c.req.param("userId"), await readJson(c))),
    )
    .delete("/profiles/:userId/photos", async (c) =>
      c.json(
        await removeProfilePhoto(db, storage, actor(c), c.req.param("userId"), c.req.query("path") ?? ""),
      ),
    )
    // Matches and messages
    .get("/matches", async (c) => c.json(await listMatches(db, storage, readListQuery(c, matchListShape))))
    .post("/matches/:id/reject", async (c) => c.json(await rejectMatch(deps, actor(c), c.req.param("id"))))
    .get("/messages", async (c) =>
      c.json(await listMessages(db, storage, readListQuery(c, messageListShape))),
    )
    .delete("/messages/:id", async (c) => {
      await deleteMessage(deps, actor(c), c.req.param("id"));
      return c.body(null, 204);
    })
    // Subscriptions
    .get("/subscriptions", async (c) =>
      c.json(await listSubscriptions(db, storage, readListQuery(c, subscriptionListShape))),
    )
    .post("/subscriptions/grant", async (c) =>
      c.json(
        await grantSubscription(db, storage, actor(c), parseOrThrow(grantSchema, await readJson(c))),
        201,
      ),
    )
    .post("/subscriptions/:id/extend", async (c) => {
      const { months } = parseOrThrow(extendSchema, await readJson(c));
      return c.json(await extendSubscription(db, storage, actor(c), c.req.param("id"), months));
    })
    .post("/subscriptions/:id/cancel", async (c) =>
      c.json(await cancelSubscription(db, storage, actor(c), c.req.param("id"))),
    )
    // Payments: every attempt and its state (read-only; the payment code writes them)
    .get("/payments", async (c) =>
      c.json(await listPayments(db, storage, readListQuery(c, paymentListShape))),
    )
    // Reports (moderation)
    .get("/reports", async (c) => c.json(await listReports(deps, readListQuery(c, reportListShape))))
    .get("/reports/:id", async (c) => c.json(await getReport(deps, c.req.param("id"))))
    .post("/reports/:id/status", async (c) =>
      c.json(
        await setReportStatus(
          deps,
          actor(c),
          c.req.param("id"),
          parseOrThrow(reportStatusSchema, await readJson(c)),
        ),
      ),
    )
    .post("/reports/:id/action", async (c) =>
      c.json(
        await actOnReport(
          deps,
          actor(c),
          c.req.param("id"),
          parseOrThrow(reportActionSchema, await readJson(c)),
        ),
      ),
    )
    // Profile verifications left to an administrator (issue 16): the selfie beside the photos
    .get("/verifications", async (c) =>
      c.json(await listPendingVerifications(deps, readListQuery(c, verificationListShape))),
    )
    .get("/verifications/:id/selfie", async (c) => {
      const selfie = await pendingSelfie(db, c.req.param("id"));
      // Biometric data (ADR 0013): for the administrator's eyes only, never kept by a cache.
      return c.body(new Uint8Array(selfie), 200, {
        "Content-Type": "image/jpeg",
        "Cache-Control": "no-store, private",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
      });
    })
    .post("/verifications/:id/approve", async (c) =>
      c.json(await decideVerification(deps, actor(c), c.req.param("id"), "approve")),
    )
    .post("/verifications/:id/refuse", async (c) =>
      c.json(await decideVerification(deps, actor(c), c.req.param("id"), "refuse")),
    )
    // Photos held from public view by screening (issue 16, « Photos à vérifier »)
    .get("/photo-reviews", async (c) =>
      c.json(await listPendingPhotoReviews(deps, readListQuery(c, photoReviewListShape))),
    )
    .post("/photo-reviews/:id/approve", async (c) =>
      c.json(await decidePhotoReview(deps, actor(c), c.req.param("id"), "approve")),
    )
    .post("/photo-reviews/:id/remove", async (c) =>
      c.json(await decidePhotoReview(deps, actor(c), c.req.param("id"), "remove")),
    )
    .post("/photo-reviews/:id/ban", async (c) =>
      c.json(await decidePhotoReview(deps, actor(c), c.req.param("id"), "ban")),
    )
    // JSON import
    .post("/import/preview", async (c) =>
      c.json(await previewImport(db, parseOrThrow(importBodySchema, await readJson(c)).json)),
    )
    .post("/import", async (c) =>
      c.json(await runImport(db, actor(c), parseOrThrow(importBodySchema, await readJson(c)).json)),
    );

  return new Hono<AppEnv>().route("/", adminAuthRoutes(deps)).route("/", me).route("/", guarded);
}
