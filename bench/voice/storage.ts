// Section 5 of bench/voice.ts: storage per 1,000 voice messages — the files (the run's speech recording
// and half of it for a typical 15 s message) and the database's share, from pg_column_size of message
// rows with and without their voice columns after sending STORAGE_MESSAGES of each.
import { VOICE_PEAKS } from "@domain/voice.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../server/platform/db/client.ts";
import { voiceFixture } from "../../server/test/voice.ts";
import { heading, progress, table } from "../harness/report.ts";
import { n } from "../harness/stats.ts";
import { fileMs } from "./validation.ts";

const log = progress("voice");
const STORAGE_MESSAGES = 20;
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export interface StorageRun {
  db: Db;
  matchId: string;
  sendVoice: (bytes: Uint8Array, durationMs: number, peaks: number[]) => Promise<unknown>;
  sendText: (content: string) => Promise<void>;
  /** Bytes of the run's speech recording. */
  file30: number;
  seconds: number;
}

/** Prints the table; returns the database's bytes per voice message. */
export async function storageFigures({ db, matchId, sendVoice, sendText, file30, seconds }: StorageRun) {
  const beep = voiceFixture("beep-3s.webm");
  log(`sending ${STORAGE_MESSAGES} voice and ${STORAGE_MESSAGES} text messages for the row sizes…`);
  const beepMs = (await fileMs(beep)) ?? 2940;
  const peaks = Array.from({ length: VOICE_PEAKS }, (_, i) => Math.round(15 + 15 * Math.sin(i / 3)));
  for (let i = 0; i < STORAGE_MESSAGES; i++) {
    await sendVoice(beep, beepMs, peaks);
    await sendText(`Coucou, tu es libre samedi pour un café vers 15 h ? (${i})`);
  }
  const [sizes] = await queryRows(
    db,
    z.strictObject({
      voiceRow: z.number(),
      voiceRowWithout: z.number(),
      voiceColumns: z.number(),
      voiceKey: z.number(),
      textRow: z.number(),
      voiceRows: z.number(),
    }),
    sql`SELECT
      avg(pg_column_size(m.*)) FILTER (WHERE voice_key IS NOT NULL)::float8 AS "voiceRow",
      avg(pg_column_size(ROW(m.id, m.match_id, m.sender_id, m.content, m.created_at, m.read_at, m.shield,
        m.revealed_at, m.masked_content, m.client_key))) FILTER (WHERE voice_key IS NOT NULL)::float8 AS "voiceRowWithout",
      avg(pg_column_size(voice_key) + pg_column_size(voice_type) + pg_column_size(voice_ms)
        + pg_column_size(voice_bytes) + pg_column_size(voice_peaks)) FILTER (WHERE voice_key IS NOT NULL)::float8 AS "voiceColumns",
      avg(pg_column_size(voice_key)) FILTER (WHERE voice_key IS NOT NULL)::float8 AS "voiceKey",
      avg(pg_column_size(m.*)) FILTER (WHERE voice_key IS NULL)::float8 AS "textRow",
      (count(*) FILTER (WHERE voice_key IS NOT NULL))::float8 AS "voiceRows"
      FROM messages m WHERE match_id = ${matchId}::uuid`,
  );
  const s = sizes!;
  const align8 = (x: number) => Math.ceil(x / 8) * 8;
  // On a heap page: the tuple MAXALIGNed plus its 4-byte line pointer.
  const onPage = (row: number) => align8(row) + 4;
  // The unique index on voice_key: an 8-byte index tuple header and the key, MAXALIGNed, plus a line pointer.
  const indexEntry = align8(8 + s.voiceKey) + 4;
  const voiceDb = onPage(s.voiceRow) - onPage(s.voiceRowWithout) + indexEntry;
  const file15 = Math.round(file30 / 2);
  heading("5. Storage per 1,000 voice messages");
  table("per message | bytes | per 1,000 messages", [
    [`file, ${seconds} s of speech (this run)`, n(file30), mb(file30 * 1000)],
    ["file, typical 15 s message (half of it)", n(file15), mb(file15 * 1000)],
    [
      "message row with its voice columns (heap, pg_column_size + alignment + line pointer)",
      n(onPage(s.voiceRow)),
      mb(onPage(s.voiceRow) * 1000),
    ],
    [
      "the same row without the five voice columns",
      n(onPage(s.voiceRowWithout)),
      mb(onPage(s.voiceRowWithout) * 1000),
    ],
    [
      "a text message row (≈ 60 characters), for comparison",
      n(onPage(s.textRow)),
      mb(onPage(s.textRow) * 1000),
    ],
    [
      `the voice columns alone (sum of pg_column_size: key ${s.voiceKey} B, type, ms, bytes, ${VOICE_PEAKS} peaks)`,
      n(s.voiceColumns),
      mb(s.voiceColumns * 1000),
    ],
    ["voice_key's unique index entry (computed)", n(indexEntry), mb(indexEntry * 1000)],
    ["**database overhead of voice** (row with − without, + index)", n(voiceDb), mb(voiceDb * 1000)],
    [
      "**total, 15 s messages** (file + database overhead)",
      n(file15 + voiceDb),
      mb((file15 + voiceDb) * 1000),
    ],
    [
      `**total, ${seconds} s messages** (file + database overhead)`,
      n(file30 + voiceDb),
      mb((file30 + voiceDb) * 1000),
    ],
  ]);
  console.log(
    `\nRow sizes averaged over ${s.voiceRows} voice messages (the 3 s beep, ${VOICE_PEAKS} peaks, an idempotency key) and ${STORAGE_MESSAGES} texts in the embedded database; MB = 1,000,000 B. Files are stored as received (no remux), one per message.`,
  );
  return { voiceDb };
}
