// The text of a received message (alias `x`) as its recipient may read it (Bouclier, issue 36): a
// held message's own words only once revealed — `held` stands in for them (a title, a notification's
// words) — and numbers and handles masked while they are. One expression for every reader.
import { type SQL, sql } from "drizzle-orm";

export const receivedText = (held: string): SQL =>
  sql`CASE WHEN x.shield = 'held' AND x.revealed_at IS NULL THEN ${held}
    ELSE coalesce(x.masked_content, x.content) END`;
