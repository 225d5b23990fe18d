// Demo connections: the demo members start with a few matches (some they liked, some who liked
// them) and a few profiles they passed, so /matches has something to show on a first visit.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../server/platform/db/client.ts";
import { DEMO_MEMBER, DEMO_MEMBER_2 } from "./accounts.ts";

/** Opening lines of the demo conversations: [from the demo member?, text]. */
const CONVERSATIONS: [boolean, string][][] = [
  [
    [false, "Bonjour ! J’ai lu votre présentation, on dirait que nous aimons tous les deux voyager."],
    [true, "Bonjour ! Oui, c’est ma passion. Quel est le plus beau pays que vous ayez visité ?"],
    [false, "Le Maroc, sans hésiter. Et vous, vous connaissez l’Europe ?"],
  ],
  [
    [true, "Bonsoir, votre photo au bord de la mer m’a fait sourire. Vous habitez près de la côte ?"],
    [false, "Bonsoir ! Oui, à vingt minutes de la plage. Vous aimez la mer ?"],
  ],
  [[false, "Bonjour, ravi de ce match ! Comment se passe votre semaine ?"]],
];

const PLAN = [
  { email: DEMO_MEMBER.email, matches: 5, passes: 2 },
  { email: DEMO_MEMBER_2.email, matches: 2, passes: 1 },
];

/** Returns the number of matches created. Idempotent: likes and matches are upserts. */
export async function seedDemoConnections(db: Db): Promise<number> {
  let created = 0;
  for (const { email, matches, passes } of PLAN) {
    const [me] = await queryRows(
      db,
      z.strictObject({ id: z.string(), gender: z.string() }),
      sql`SELECT u.id, p.gender FROM "user" u JOIN profiles p ON p.user_id = u.id WHERE u.email = ${email}`,
    );
    if (!me) continue;
    // The newest members of the other gender with a photo: the ones a visitor notices first.
    const others = await queryRows(
      db,
      z.strictObject({ id: z.string() }),
      sql`SELECT user_id AS id FROM profiles
        WHERE gender IS NOT NULL AND gender <> ${me.gender}::gender AND cardinality(photos) > 0
        ORDER BY created_at DESC LIMIT ${matches + passes}`,
    );
    for (const [i, other] of others.entries()) {
      const pass = i >= matches;
      // Every other match was started by the other member.
      const [liker, liked] = !pass && i % 2 === 1 ? [other.id, me.id] : [me.id, other.id];
      await db.execute(sql`INSERT INTO likes (liker_id, liked_id, type)
        VALUES (${liker}, ${liked}, ${pass ? "reject" : "like"}) ON CONFLICT DO NOTHING`);
      // One match in three was liked back: the demo shows the three states (« Vous avez aimé … »,
      // « … vous a envoyé un J'aime », « C'est un match ! »).
      if (!pass && i % 3 === 2)
        await db.execute(sql`INSERT INTO likes (liker_id, liked_id, type)
          VALUES (${liked}, ${liker}, 'like') ON CONFLICT DO NOTHING`);
      // As for a real like, the liker has « opened » the match; it is new for the other member.
      await db.execute(sql`INSERT INTO matches (user1_id, user2_id, status, rejected_by, user1_opened_at, created_at, updated_at)
        VALUES (${liker}, ${liked}, ${pass ? "rejected" : "accepted"}, ${pass ? me.id : null}, ${pass ? null : sql`now()`},
          now() - ${`${i + 1} days`}::interval, now() - ${`${i + 1} days`}::interval)
        ON CONFLICT DO NOTHING`);
      if (!pass) {
        created++;
        if (email === DEMO_MEMBER.email)
          await seedConversation(db, CONVERSATIONS[i] ?? [], me.id, other.id, i);
      }
    }
  }
  return created;
}

/** Writes a short exchange hours ago; the other member's last line stays unread. */
async function seedConversation(db: Db, lines: [boolean, string][], me: string, other: string, i: number) {
  const [match] = await queryRows(
    db,
    z.strictObject({ id: z.string() }),
    sql`SELECT id FROM matches WHERE least(user1_id, user2_id) = least(${me}::text, ${other}::text)
      AND greatest(user1_id, user2_id) = greatest(${me}::text, ${other}::text)`,
  );
  if (!match || lines.length === 0) return;
  for (const [k, [mine, text]] of lines.entries()) {
    const hoursAgo = (i + 1) * 5 - k;
    const last = k === lines.length - 1;
    await db.execute(sql`INSERT INTO messages (match_id, sender_id, content, created_at, read_at)
      VALUES (${match.id}::uuid, ${mine ? me : other}, ${text}, now() - ${`${hoursAgo} hours`}::interval,
        ${last && !mine ? null : sql`now() - ${`${hoursAgo} hours`}::interval + interval '5 minutes'`})`);
  }
  // The demo member has opened the conversations they wrote in.
  if (lines.some(([mine]) => mine))
    await db.execute(sql`UPDATE matches SET
        user1_opened_at = CASE WHEN user1_id = ${me} THEN now() ELSE user1_opened_at END,
        user2_opened_at = CASE WHEN user2_id = ${me} THEN now() ELSE user2_opened_at END
      WHERE id = ${match.id}::uuid`);
}
