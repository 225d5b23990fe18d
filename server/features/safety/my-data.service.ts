// The member's GDPR rights in /profile: a copy of everything about them (JSON plus their photo
// files, in a zip), and erasing their account. Of other members, the export only carries what the
// member saw of them already: first name and initial, never their ids, e-mails or phone numbers.

import { eq, type SQL, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { inTransaction, queryRows } from "../../platform/db/client.ts";
import { dateText, profileTextColumns, timestampText, uuid } from "../../platform/db/row-schemas.ts";
import {
  accountStatusEnum,
  checkoutStatusEnum,
  genderEnum,
  matchStatusEnum,
  profiles,
  reportStatusEnum,
  subscriptionStatusEnum,
  user,
} from "../../platform/db/schema/index.ts";
import { accountVoiceKeys, deleteVoiceFiles } from "../../platform/media/voice-files.ts";
import { forgetRenditions, isOwnedBy, photoFiles } from "../photos/index.ts";

/** Another member as the export names them: « Awa N. » (null without a profile). */
const otherName = z.string().nullable();
const other = (idExpr: SQL) =>
  sql`(SELECT coalesce(nullif(p.first_name, ''), 'Membre') || coalesce(' ' || nullif(left(p.last_name, 1), '') || '.', '')
    FROM profiles p WHERE p.user_id = ${idExpr})`;

const visitRow = z.strictObject({ member: otherName, visitedAt: timestampText });

export async function exportMyData(
  deps: Pick<AppDeps, "database" | "storage" | "voices">,
  userId: string,
): Promise<Uint8Array> {
  const { db } = deps.database;
  const [account] = await queryRows(
    db,
    z.strictObject({
      email: z.string(),
      emailVerified: z.boolean(),
      createdAt: timestampText,
      termsAcceptedAt: timestampText.nullable(),
      twoFactorEnabled: z.boolean(),
    }),
    sql`SELECT email, email_verified AS "emailVerified", created_at AS "createdAt", terms_accepted_at AS "termsAcceptedAt",
      two_factor_enabled AS "twoFactorEnabled" FROM "user" WHERE id = ${userId}`,
  );
  const [profile] = await queryRows(
    db,
    z.strictObject({
      firstName: z.string(),
      lastName: z.string(),
      gender: z.enum(genderEnum.enumValues).nullable(),
      ...profileTextColumns,
      birthDate: dateText,
      birthDateConfirmed: z.boolean(),
      lastActiveAt: timestampText.nullable(),
      presenceHidden: z.boolean(),
      browseInvisibly: z.boolean(),
      hideFromCountry: z.boolean(),
      hideFromCity: z.boolean(),
      hideFromOrigin: z.boolean(),
      neutralNotifications: z.boolean(),
      blurPhotos: z.boolean(),
      phoneNumber: z.string(),
      accountStatus: z.enum(accountStatusEnum.enumValues),
      createdAt: timestampText,
      updatedAt: timestampText,
    }),
    sql`SELECT first_name AS "firstName", last_name AS "lastName", gender, looking_for AS "lookingFor",
      birth_date::text AS "birthDate", birth_date_confirmed AS "birthDateConfirmed", country,
      origin_country AS "originCountry", city, relocate, last_active_at AS "lastActiveAt",
      presence_hidden AS "presenceHidden", browse_invisibly AS "browseInvisibly",
      hide_from_country AS "hideFromCountry", hide_from_city AS "hideFromCity", hide_from_origin AS "hideFromOrigin",
      neutral_notifications AS "neutralNotifications", blur_photos AS "blurPhotos", phone_number AS "phoneNumber", bio, occupation, education, languages,
      interests, photos, account_status AS "accountStatus", created_at AS "createdAt", updated_at AS "updatedAt"
      FROM profiles WHERE user_id = ${userId}`,
  );
  const likes = await queryRows(
    db,
    z.strictObject({
      member: otherName,
      type: z.string(),
      createdAt: timestampText,
      updatedAt: timestampText,
    }),
    sql`SELECT ${other(sql`l.liked_id`)} AS member, l.type, l.created_at AS "createdAt", l.updated_at AS "updatedAt"
      FROM likes l WHERE l.liker_id = ${userId} ORDER BY l.created_at`,
  );
  const matches = await queryRows(
    db,
    z.strictObject({
      id: uuid,
      status: z.enum(matchStatusEnum.enumValues),
      member: otherName,
      createdAt: timestampText,
      updatedAt: timestampText,
    }),
    sql`SELECT m.id, m.status,
        ${other(sql`CASE WHEN m.user1_id = ${userId} THEN m.user2_id ELSE m.user1_id END`)} AS member,
        m.created_at AS "createdAt", m.updated_at AS "updatedAt"
      FROM matches m WHERE m.user1_id = ${userId} OR m.user2_id = ${userId} ORDER BY m.created_at`,
  );
  const messagesSent = await queryRows(
    db,
    z.strictObject({
      matchId: uuid,
      content: z.string(),
      sentAt: timestampText,
      readAt: timestampText.nullable(),
      voiceKey: z.string().nullable(),
      voiceMs: z.number().int().nullable(),
    }),
    sql`SELECT x.match_id AS "matchId", x.content, x.created_at AS "sentAt", x.read_at AS "readAt",
        x.voice_key AS "voiceKey", x.voice_ms AS "voiceMs"
      FROM messages x WHERE x.sender_id = ${userId} ORDER BY x.created_at`,
  );
  // Calls (issue 38): when, with whom (the match), audio or video, how each ended; never any media.
  const calls = await queryRows(
    db,
    z.strictObject({
      matchId: uuid,
      role: z.enum(["caller", "callee"]),
      video: z.boolean(),
      startedAt: timestampText,
      answeredAt: timestampText.nullable(),
      endedAt: timestampText.nullable(),
      outcome: z.string().nullable(),
    }),
    sql`SELECT c.match_id AS "matchId", CASE WHEN c.caller_id = ${userId} THEN 'caller' ELSE 'callee' END AS role,
        c.video, c.created_at AS "startedAt", c.answered_at AS "answeredAt", c.ended_at AS "endedAt", c.outcome
      FROM calls c WHERE c.caller_id = ${userId} OR c.callee_id = ${userId} ORDER BY c.created_at`,
  );
  const [voiceIntro] = await queryRows(
    db,
    z.strictObject({
      prompt: z.string(),
      voiceKey: z.string(),
      voiceMs: z.number().int(),
      createdAt: timestampText,
    }),
    sql`SELECT prompt, voice_key AS "voiceKey", voice_ms AS "voiceMs", created_at AS "createdAt"
      FROM voice_intros WHERE user_id = ${userId}`,
  ); // Bouclier (issue 36): the countries the member wrote from, day by day (no address is kept).
  const connectionCountries = await queryRows(
    db,
    z.strictObject({ day: z.string(), country: z.string() }),
    sql`SELECT day::text AS day, country FROM member_connections WHERE user_id = ${userId} ORDER BY day, country`,
  );
  const subscriptions = await queryRows(
    db,
    z.strictObject({
      plan: z.string(),
      status: z.enum(subscriptionStatusEnum.enumValues),
      startDate: timestampText,
      endDate: timestampText,
      provider: z.string(),
      method: z.string().nullable(),
      operator: z.string().nullable(),
      amount: z.number().int(),
      currency: z.string(),
      createdAt: timestampText,
    }),
    sql`SELECT plan, status, start_date AS "startDate", end_date AS "endDate", provider, method, operator,
      amount, currency, created_at AS "createdAt" FROM subscriptions WHERE user_id = ${userId} ORDER BY created_at`,
  );
  // Every attempt to pay, including the refused and abandoned ones (amounts in the currency's
  // smallest unit: euro cents, whole CFA francs).
  const paymentAttempts = await queryRows(
    db,
    z.strictObject({
      plan: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      provider: z.string(),
      method: z.string(),
      operator: z.string().nullable(),
      status: z.enum(checkoutStatusEnum.enumValues),
      failureReason: z.string().nullable(),
      createdAt: timestampText,
      updatedAt: timestampText,
    }),
    sql`SELECT plan, amount, currency, provider, method, operator, status, failure_reason AS "failureReason",
      created_at AS "createdAt", updated_at AS "updatedAt" FROM checkouts WHERE user_id = ${userId} ORDER BY created_at`,
  );
  // Biometric data (docs/decisions/0013-verified-profiles.md): every verification attempt and, while
  // the badge is valid, the face descriptor kept for re-checks. A selfie kept for review is named,
  // not copied: it is erased once an administrator decides.
  const verifications = await queryRows(
    db,
    z.strictObject({
      outcome: z.string(),
      reason: z.string().nullable(),
      likeness: z.number().nullable(),
      selfieKeptForReview: z.boolean(),
      createdAt: timestampText,
      decidedAt: timestampText.nullable(),
    }),
    sql`SELECT outcome, reason, likeness, selfie IS NOT NULL AS "selfieKeptForReview", created_at AS "createdAt",
      decided_at AS "decidedAt" FROM verifications WHERE user_id = ${userId} ORDER BY created_at`,
  );
  const faceDescriptor = await queryRows(
    db,
    z.strictObject({ descriptor: z.array(z.number()), verifiedAt: timestampText }),
    sql`SELECT descriptor, verified_at AS "verifiedAt" FROM face_descriptors WHERE user_id = ${userId}`,
  );
  const blocks = await queryRows(
    db,
    z.strictObject({ member: otherName, createdAt: timestampText }),
    sql`SELECT ${other(sql`b.blocked_id`)} AS member, b.created_at AS "createdAt" FROM blocks b WHERE b.blocker_id = ${userId}`,
  );
  const reports = await queryRows(
    db,
    z.strictObject({
      reason: z.string(),
      details: z.string(),
      status: z.enum(reportStatusEnum.enumValues),
      createdAt: timestampText,
    }),
    sql`SELECT reason, details, status, created_at AS "createdAt" FROM reports WHERE reporter_id = ${userId}`,
  );
  // « Qui a vu mon profil » (issue 17): the profiles the member visited, and who visited theirs.
  const profileVisitsMade = await queryRows(
    db,
    visitRow,
    sql`SELECT ${other(sql`v.viewed_id`)} AS member, v.visited_at AS "visitedAt" FROM profile_visits v
      WHERE v.viewer_id = ${userId} ORDER BY v.visited_at`,
  );
  const profileVisitsReceived = await queryRows(
    db,
    visitRow,
    sql`SELECT ${other(sql`v.viewer_id`)} AS member, v.visited_at AS "visitedAt" FROM profile_visits v
      WHERE v.viewed_id = ${userId} ORDER BY v.visited_at`,
  );
  const sessions = await queryRows(
    db,
    z.strictObject({
      createdAt: timestampText,
      lastUsedAt: timestampText,
      expiresAt: timestampText,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
    sql`SELECT created_at AS "createdAt", updated_at AS "lastUsedAt", expires_at AS "expiresAt", ip_address AS "ipAddress",
      user_agent AS "userAgent" FROM session WHERE user_id = ${userId}`,
  );

  // Safe meetings (issue 40): the links to a match's card she made (never their token, which is
  // not kept) with her relatives' words, her check-ins with their contacts, whom she showed her photos.
  const sharedCards = await queryRows(
    db,
    z.strictObject({
      kind: z.string(),
      member: otherName,
      relative: z.string().nullable(),
      place: z.string().nullable(),
      meetsAt: timestampText.nullable(),
      travel: z.string().nullable(),
      word: z.string().nullable(),
      createdAt: timestampText,
      expiresAt: timestampText,
      revokedAt: timestampText.nullable(),
    }),
    sql`SELECT sc.kind, ${other(sql`sc.member_id`)} AS member, sc.relative, sc.place, sc.meets_at AS "meetsAt",
        sc.travel, sc.word, sc.created_at AS "createdAt", sc.expires_at AS "expiresAt", sc.revoked_at AS "revokedAt"
      FROM shared_cards sc WHERE sc.owner_id = ${userId} ORDER BY sc.created_at`,
  );
  const checkIns = await queryRows(
    db,
    z.strictObject({
      dueAt: timestampText,
      graceMinutes: z.number().int(),
      note: z.string().nullable(),
      status: z.string(),
      contacts: z.array(z.strictObject({ name: z.string(), email: z.string() })),
      createdAt: timestampText,
    }),
    sql`SELECT ci.due_at AS "dueAt", ci.grace_minutes AS "graceMinutes", ci.note, ci.status, ci.created_at AS "createdAt",
        (SELECT coalesce(json_agg(json_build_object('name', c.name, 'email', c.email)), '[]'::json)
          FROM check_in_contacts c WHERE c.check_in_id = ci.id) AS contacts
      FROM check_ins ci WHERE ci.owner_id = ${userId} ORDER BY ci.created_at`,
  );
  const photosShownTo = await queryRows(
    db,
    z.strictObject({ member: otherName, createdAt: timestampText }),
    sql`SELECT ${other(sql`r.viewer_id`)} AS member, r.created_at AS "createdAt" FROM photo_reveals r
      WHERE r.owner_id = ${userId} ORDER BY r.created_at`,
  );

  const files: Record<string, Uint8Array> = {};
  const photoFiles: string[] = [];
  for (const key of profile?.photos ?? []) {
    const obj = await deps.storage.get(key);
    if (!obj) continue;
    const name = `photos/${key.slice(key.lastIndexOf("/") + 1)}`;
    files[name] = obj.body;
    photoFiles.push(name);
  }
  // The member's own recordings (issue 37): their voice messages and introduction, as files.
  const voiceFile = async (key: string) => {
    const obj = await deps.voices.get(key);
    if (!obj) return null;
    const name = `vocaux/${key.slice(key.lastIndexOf("/") + 1)}`;
    files[name] = obj.body;
    return name;
  };
  const messagesWithFiles = [];
  for (const { voiceKey, voiceMs, ...m } of messagesSent)
    messagesWithFiles.push(
      voiceKey ? { ...m, voice: { file: await voiceFile(voiceKey), durationMs: voiceMs } } : m,
    );
  const intro = voiceIntro && {
    prompt: voiceIntro.prompt,
    durationMs: voiceIntro.voiceMs,
    recordedAt: voiceIntro.createdAt,
    file: await voiceFile(voiceIntro.voiceKey),
  };
  const data = {
    exportedAt: new Date().toISOString(),
    notice:
      "Copie des données que Passerelle conserve sur vous (RGPD, articles 15 et 20). Les autres membres n’y " +
      "figurent que par leur prénom et l’initiale de leur nom, comme vous les voyiez sur le site.",
    account,
    profile: profile ? { ...profile, photos: photoFiles, voiceIntro: intro ?? null } : null,
    likesGiven: likes,
    matches,
    messagesSent: messagesWithFiles,
    calls,
    subscriptions,
    paymentAttempts,
    verifications,
    faceDescriptor: faceDescriptor[0] ?? null,
    profileVisitsMade,
    profileVisitsReceived,
    sharedCards,
    checkIns,
    photosShownTo,
    blockedMembers: blocks,
    reportsFiled: reports,
    connectionCountries,
    sessions,
  };
  files["donnees.json"] = strToU8(JSON.stringify(data, null, 2));
  return zipSync(files, { level: 6 });
}

/**
 * Erases the account: the user row and, through the foreign keys, the profile, likes, matches
 * with their messages (the other member's copy of the conversation goes too: see the privacy
 * policy), subscriptions' link, sessions and blocks; then the photo files. Reports about the member
 * keep their copy (12 months) for safety reasons.
 */
export async function deleteMyAccount(
  deps: Pick<AppDeps, "database" | "storage" | "voices" | "bus" | "logger">,
  userId: string,
) {
  const { row, open, voiceKeys } = await inTransaction(deps.database.db, async (tx) => {
    // The account row first, exclusively (server/platform/db/member-lock.ts): writes of the member's that
    // hold it finish first, and those that come after find no account. The photos are read by a
    // statement of their own, once the lock is held: read in the locking statement, they would be
    // the profile as it was when that statement began waiting (READ COMMITTED re-reads only the
    // locked row), and a photo whose upload committed meanwhile would keep its files.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [row] = await tx
      .select({ photos: profiles.photos })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const open = await queryRows(
      tx,
      z.strictObject({ matchId: uuid, otherId: z.string() }),
      sql`SELECT id AS "matchId", CASE WHEN user1_id = ${userId} THEN user2_id ELSE user1_id END AS "otherId"
        FROM matches WHERE (user1_id = ${userId} OR user2_id = ${userId}) AND status = 'accepted'`,
    );
    const voiceKeys = await accountVoiceKeys(tx, userId);
    await tx.delete(user).where(eq(user.id, userId));
    return { row, open, voiceKeys };
  });
  // Their own streams end; the members they were talking with see the conversation close.
  const publish = (to: string[], event: Parameters<typeof deps.bus.publish>[1]) =>
    deps.bus.publish(to, event).catch((err) => deps.logger.error({ err }, "event publishing failed"));
  await publish([userId], { type: "session.revoked" });
  for (const m of open) await publish([m.otherId], { type: "match.removed", matchId: m.matchId });
  // The member's own photos (not a seeded pool's), with their renditions and the rows that named them.
  const own = (row?.photos ?? []).filter((k) => isOwnedBy(k, userId));
  for (const key of own) {
    for (const k of photoFiles(key))
      await deps.storage
        .delete(k)
        .catch((err) => deps.logger.error({ err, key: k }, "photo deletion failed"));
  }
  await forgetRenditions(deps.database.db, own).catch((err) =>
    deps.logger.error({ err }, "photo renditions: rows not deleted"),
  );
  await deleteVoiceFiles(deps, voiceKeys);
}
