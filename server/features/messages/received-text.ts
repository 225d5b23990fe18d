// The text of a message (alias `x`) as a member's lists and notifications say it. Received: a held
// message's own words only once revealed (Bouclier, issue 36) — `held` stands in for them (a title, a
// notification's words) — and numbers and handles masked while they are; a voice message as
// « Message vocal (0:42) » (issue 37). One expression for every reader.
import { type SQL, sql } from "drizzle-orm";

/** « Message vocal (0:42) » for a voice message, null for a text (domain/voice.ts voiceMessageLabel, in SQL). */
export const voiceLabel: SQL = sql`CASE WHEN x.voice_ms IS NOT NULL THEN
  'Message vocal (' || (round(x.voice_ms / 1000.0)::int / 60)::text || ':'
    || lpad((round(x.voice_ms / 1000.0)::int % 60)::text, 2, '0') || ')' END`;

export const receivedText = (held: string): SQL =>
  sql`CASE WHEN x.shield = 'held' AND x.revealed_at IS NULL THEN ${held}
    ELSE coalesce(${voiceLabel}, x.masked_content, x.content) END`;

/** A message its sender wrote, as their own conversation list shows it. */
export const sentText: SQL = sql`coalesce(${voiceLabel}, x.content)`;
