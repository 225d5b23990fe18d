// /api/admin: the login routes, then everything else behind requireAdmin (the role is checked on
// the server for every request). See domain/admin.ts for the contract.
import { ADMIN_PAGE_SIZE } from "@domain/admin.ts";
import { SHIELD_DECISIONS, shieldSettingsSchema } from "@domain/shield/shield.ts";
import { VOICE_MSG } from "@domain/voice.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { listAudit } from "../../platform/admin/audit.ts";
import { listBase, listQuery } from "../../platform/admin/list-query.ts";
import { requireAdmin } from "../../platform/http/admin-guard.ts";
import { AppError } from "../../platform/http/errors.ts";
import { jsonBody, queryOf } from "../../platform/http/validate.ts";
import { audioResponse } from "../../platform/media/audio-response.ts";
import { announceDelivered } from "../messages/index.ts";
import { decidePhotoReview, listPendingPhotoReviews } from "../moderation/index.ts";
import { PATH_QUERY_RULES, photoPathQuery } from "../photos/index.ts";
import {
  decideBan,
  loadShieldSettings,
  releaseFromQueue,
  requireVerification,
  saveShieldSettings,
  shieldFairness,
  shieldQueue,
} from "../shield/index.ts";
import { decideVerification, listPendingVerifications, pendingSelfie } from "../verification/index.ts";
import { adminAuthRoutes, adminRecord } from "./admin-auth.routes.ts";
import {
  deleteMessage,
  listMatches,
  listMessages,
  matchListShape,
  messageListShape,
  messageVoiceFile,
  rejectMatch,
} from "./conversations.service.ts";
import { dashboard } from "./dashboard.service.ts";
import { importBodySchema, previewImport, runImport } from "./import.service.ts";
import { listPayments, paymentListShape } from "./payments.service.ts";
import {
  adminProfileUpdateSchema,
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
    .string({ error: "Saisissez l’adresse e-mail du compte" })
    .min(1, "Saisissez l’adresse e-mail du compte")
    .max(254),
});
/** The shield's queue has one order (appeals, then the longest held): pages only. */
const shieldListShape = { page: listBase.page, size: listBase.size };
const shieldDecisionSchema = z.strictObject({
  decision: z.enum(SHIELD_DECISIONS, { error: "Décision inconnue : release, require_verification ou ban" }),
});
const SHIELD_BAN_REASON = "Bouclier : tentative d’escroquerie";
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
    .get("/audit", listQuery(auditShape), async (c) => c.json(await listAudit(db, c.req.valid("query"))))
    // Users
    .get("/users", listQuery(userListShape), async (c) =>
      c.json(await listUsers(db, storage, c.req.valid("query"))),
    )
    .get("/users/:id", async (c) => c.json(await getUser(db, storage, c.req.param("id"))))
    .post("/users/:id/ban", jsonBody(banSchema), async (c) => {
      const { reason } = c.req.valid("json");
      await banUser(deps, actor(c), c.req.param("id"), reason);
      return c.json(await getUser(db, storage, c.req.param("id")));
    })
    .post("/users/:id/unban", async (c) => {
      await unbanUser(deps, actor(c), c.req.param("id"));
      return c.json(await getUser(db, storage, c.req.param("id")));
    })
    .post("/users/:id/role", jsonBody(roleSchema), async (c) => {
      const { role } = c.req.valid("json");
      await setRole(deps, actor(c), c.req.param("id"), role);
      return c.json(await getUser(db, storage, c.req.param("id")));
    })
    .delete("/users/:id", jsonBody(deleteSchema), async (c) => {
      const { confirmEmail } = c.req.valid("json");
      await deleteUser(deps, actor(c), c.req.param("id"), confirmEmail);
      return c.body(null, 204);
    })
    // Profiles
    .get("/profiles", listQuery(profileListShape), async (c) =>
      c.json(await listProfiles(db, storage, c.req.valid("query"))),
    )
    .get("/profiles/:userId", async (c) => c.json(await getAdminProfile(db, storage, c.req.param("userId"))))
    .patch("/profiles/:userId", jsonBody(adminProfileUpdateSchema), async (c) =>
      c.json(await updateAdminProfile(db, storage, actor(c), c.req.param("userId"), c.req.valid("json"))),
    )
    .delete("/profiles/:userId/photos", queryOf(photoPathQuery, PATH_QUERY_RULES), async (c) =>
      c.json(
        await removeProfilePhoto(db, storage, actor(c), c.req.param("userId"), c.req.valid("query").path),
      ),
    )
    // Matches and messages
    .get("/matches", listQuery(matchListShape), async (c) =>
      c.json(await listMatches(db, storage, c.req.valid("query"))),
    )
    .post("/matches/:id/reject", async (c) => c.json(await rejectMatch(deps, actor(c), c.req.param("id"))))
    .get("/messages", listQuery(messageListShape), async (c) =>
      c.json(await listMessages(db, storage, c.req.valid("query"))),
    )
    // A voice message, heard by an administrator (a report, a conversation under review; issue 37).
    .get("/messages/:id/voice", async (c) => {
      const file = await messageVoiceFile(db, c.req.param("id"));
      const stored = await deps.voices.get(file.key);
      if (!stored) throw new AppError(404, "VOICE_NOT_FOUND", VOICE_MSG.NOT_FOUND);
      return audioResponse(c, stored.body, file.type);
    })
    .delete("/messages/:id", async (c) => {
      await deleteMessage(deps, actor(c), c.req.param("id"));
      return c.body(null, 204);
    })
    // Subscriptions
    .get("/subscriptions", listQuery(subscriptionListShape), async (c) =>
      c.json(await listSubscriptions(db, storage, c.req.valid("query"))),
    )
    .post("/subscriptions/grant", jsonBody(grantSchema), async (c) =>
      c.json(await grantSubscription(db, storage, actor(c), c.req.valid("json")), 201),
    )
    .post("/subscriptions/:id/extend", jsonBody(extendSchema), async (c) => {
      const { months } = c.req.valid("json");
      return c.json(await extendSubscription(db, storage, actor(c), c.req.param("id"), months));
    })
    .post("/subscriptions/:id/cancel", async (c) =>
      c.json(await cancelSubscription(db, storage, actor(c), c.req.param("id"))),
    )
    // Payments: every attempt and its state (read-only; the payment code writes them)
    .get("/payments", listQuery(paymentListShape), async (c) =>
      c.json(await listPayments(db, storage, c.req.valid("query"))),
    )
    // Reports (moderation)
    .get("/reports", listQuery(reportListShape), async (c) =>
      c.json(await listReports(deps, c.req.valid("query"))),
    )
    .get("/reports/:id", async (c) => c.json(await getReport(deps, c.req.param("id"))))
    .post("/reports/:id/status", jsonBody(reportStatusSchema), async (c) =>
      c.json(await setReportStatus(deps, actor(c), c.req.param("id"), c.req.valid("json"))),
    )
    .post("/reports/:id/action", jsonBody(reportActionSchema), async (c) =>
      c.json(await actOnReport(deps, actor(c), c.req.param("id"), c.req.valid("json"))),
    )
    // Profile verifications left to an administrator (issue 16): the selfie beside the photos
    .get("/verifications", listQuery(verificationListShape), async (c) =>
      c.json(await listPendingVerifications(deps, c.req.valid("query"))),
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
    .get("/photo-reviews", listQuery(photoReviewListShape), async (c) =>
      c.json(await listPendingPhotoReviews(deps, c.req.valid("query"))),
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
    // Bouclier (issue 36): held accounts, decisions, settings, fairness
    .get("/shield", listQuery(shieldListShape), async (c) =>
      c.json(await shieldQueue(db, storage, c.req.valid("query"))),
    )
    .post("/shield/:userId/decision", jsonBody(shieldDecisionSchema), async (c) => {
      const userId = c.req.param("userId");
      const { decision } = c.req.valid("json");
      if (decision === "release") {
        const delivered = await releaseFromQueue(db, actor(c), userId);
        // The messages that waited appear on their recipients' open pages, as they see them.
        await announceDelivered(deps, delivered);
      } else if (decision === "require_verification") await requireVerification(db, actor(c), userId);
      else {
        await banUser(deps, actor(c), userId, SHIELD_BAN_REASON, (tx) => decideBan(tx, actor(c), userId));
      }
      return c.json(await shieldQueue(db, storage, { page: 1, size: ADMIN_PAGE_SIZE }));
    })
    .get("/shield/settings", async (c) => c.json(await loadShieldSettings(deps.database)))
    .put("/shield/settings", jsonBody(shieldSettingsSchema), async (c) => {
      const settings = c.req.valid("json");
      await saveShieldSettings(deps.database, settings, actor(c));
      return c.json(await loadShieldSettings(deps.database));
    })
    .get("/shield/fairness", async (c) => c.json(await shieldFairness(db)))
    // JSON import
    .post("/import/preview", jsonBody(importBodySchema), async (c) =>
      c.json(await previewImport(db, c.req.valid("json").json)),
    )
    .post("/import", jsonBody(importBodySchema), async (c) =>
      c.json(await runImport(deps, actor(c), c.req.valid("json").json)),
    );

  return new Hono<AppEnv>().route("/", adminAuthRoutes(deps)).route("/", me).route("/", guarded);
}
