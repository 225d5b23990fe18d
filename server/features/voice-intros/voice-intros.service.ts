// A member's voice introduction (issue 37): one per member, up to 30 s, answering a prompt. Recording
// a new one replaces the old, whose file goes after the commit (a failure leaves an orphan the daily
// sweep removes). Heard by the member and by those who may see their profile (findVisibleMember).
import type { VoiceIntroDto } from "@domain/profile.ts";
import { decodePeaks, VOICE_MSG, type VoiceIntroPrompt } from "@domain/voice.ts";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps.ts";
import { type Db, inTransaction } from "../../platform/db/client.ts";
import { voiceIntros } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/http/errors.ts";
import { deleteVoiceFiles } from "../../platform/media/voice-files.ts";
import type { StoredVoice } from "../../platform/media/voice-upload.ts";

type Deps = Pick<AppDeps, "database" | "voices" | "logger">;

const introNotFound = () => new AppError(404, "VOICE_NOT_FOUND", VOICE_MSG.INTRO_NOT_FOUND);

const toDto = (r: typeof voiceIntros.$inferSelect): VoiceIntroDto => ({
  prompt: r.prompt as VoiceIntroPrompt,
  durationMs: r.voiceMs,
  peaks: decodePeaks(r.voicePeaks),
});

const deleteFile = (deps: Deps, key: string | undefined) => deleteVoiceFiles(deps, key ? [key] : []);

export async function myVoiceIntro(db: Db, userId: string): Promise<VoiceIntroDto | null> {
  const [row] = await db.select().from(voiceIntros).where(eq(voiceIntros.userId, userId));
  return row ? toDto(row) : null;
}

/** Saves the member's introduction in place of any earlier one. */
export async function saveVoiceIntro(
  deps: Deps,
  userId: string,
  prompt: VoiceIntroPrompt,
  voice: StoredVoice,
): Promise<VoiceIntroDto> {
  const values = {
    prompt,
    voiceKey: voice.key,
    voiceType: voice.type,
    voiceMs: voice.durationMs,
    voiceBytes: voice.bytes,
    voicePeaks: voice.peaks,
    createdAt: new Date(),
  };
  // The old key, read under the row's lock: two saves at once each delete only their own predecessor.
  const oldKey = await inTransaction(deps.database.db, async (tx) => {
    const [old] = await tx
      .select({ key: voiceIntros.voiceKey })
      .from(voiceIntros)
      .where(eq(voiceIntros.userId, userId))
      .for("update");
    await tx
      .insert(voiceIntros)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: voiceIntros.userId, set: values });
    return old?.key;
  });
  await deleteFile(deps, oldKey);
  return { prompt, durationMs: voice.durationMs, peaks: decodePeaks(voice.peaks) };
}

export async function removeVoiceIntro(deps: Deps, userId: string): Promise<void> {
  const [row] = await deps.database.db
    .delete(voiceIntros)
    .where(eq(voiceIntros.userId, userId))
    .returning({ key: voiceIntros.voiceKey });
  if (!row) throw introNotFound();
  await deleteFile(deps, row.key);
}

/** The file of a member's introduction (the caller checked the viewer may see that member). */
export async function voiceIntroFile(db: Db, userId: string): Promise<{ key: string; type: string }> {
  const [row] = await db
    .select({ key: voiceIntros.voiceKey, type: voiceIntros.voiceType })
    .from(voiceIntros)
    .where(eq(voiceIntros.userId, userId));
  if (!row) throw introNotFound();
  return row;
}
