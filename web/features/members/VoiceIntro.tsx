// A member's voice introduction (issue 37) on their card and profile: the prompt it answers, then the
// player. Nothing is downloaded until the viewer taps play.
import type { PublicProfileDto } from "@domain/discovery.ts";
import { VOICE_INTRO_PROMPTS } from "@domain/voice.ts";
import { cn } from "@web/components/ui/cn.ts";
import { VoicePlayer } from "@web/components/ui/VoicePlayer.tsx";
import { quoted } from "@web/lib/format.ts";

export function VoiceIntro({
  member,
  className,
}: {
  member: Pick<PublicProfileDto, "userId" | "firstName" | "voiceIntro">;
  className?: string;
}) {
  const intro = member.voiceIntro;
  if (!intro) return null;
  const prompt = VOICE_INTRO_PROMPTS[intro.prompt];
  return (
    <div className={cn("rounded-2xl bg-sand-100 p-2", className)} data-voice-intro={member.userId}>
      <p className="px-1 text-xs font-semibold text-teal-900">{quoted(prompt)}</p>
      <VoicePlayer
        src={`/api/voice-intros/${encodeURIComponent(member.userId)}`}
        durationMs={intro.durationMs}
        peaks={intro.peaks}
        label={`la présentation vocale de ${member.firstName}`}
      />
    </div>
  );
}
