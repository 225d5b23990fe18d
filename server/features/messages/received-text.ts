// The text of a message (alias `x`) as a member's lists and notifications say it. Received: a held
// message's own words only once revealed (Bouclier, issue 36) — `held` stands in for them (a title, a
// notification's words) — and numbers and handles masked while they are; a voice message as
// « Message vocal (0:42) » (issue 37). One expression for every reader.
import { type SQL, sql } from "drizzle-orm";

/** « Message vocal (0:42) » for a voice message, null for a text (domain/voice.ts voiceMessageLabel, in SQL). */
export const voiceLabel: SQL = sql`CASE WHEN x.voice_ms IS NOT NULL THEN
  'Message vocal (' || (round(x.voice_ms / 1000.0)::int / 60)::text || ':'
    || lpad((round(x.voice_ms / 1000.0)::int % 60)::text, 2, '0') || ')' END`;

/**
 * A call's entry (issue 38) as `side` sees it (domain/calls.ts callEntryLabel, in SQL, without the
 * duration): the caller is never told that a call was declined.
 */
const callLabel = (side: "caller" | "callee"): SQL => sql`CASE WHEN x.call_outcome IS NOT NULL THEN
  (CASE WHEN x.call_video THEN 'Appel vidéo' ELSE 'Appel vocal' END) || CASE x.call_outcome
    WHEN 'failed' THEN ' interrompu'
    WHEN 'declined' THEN ${side === "caller" ? " sans réponse" : " refusé"}
    WHEN 'missed' THEN ${side === "caller" ? " sans réponse" : " manqué"}
    WHEN 'cancelled' THEN ${side === "caller" ? " sans réponse" : " manqué"}
    ELSE '' END END`;

export const receivedText = (held: string): SQL =>
  sql`CASE WHEN x.shield = 'held' AND x.revealed_at IS NULL THEN ${held}
    ELSE coalesce(${voiceLabel}, ${callLabel("callee")}, x.masked_content, x.content) END`;

/** A message's text as administrators read it: a call's entry as its callee sees it (« Appel vocal refusé »). */
export const moderatedText: SQL = sql`coalesce(${callLabel("callee")}, x.content)`;

/** A message its sender wrote, as their own conversation list shows it. */
export const sentText: SQL = sql`coalesce(${voiceLabel}, ${callLabel("caller")}, x.content)`;
