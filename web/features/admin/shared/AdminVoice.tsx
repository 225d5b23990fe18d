// A voice message as administrators hear it (issue 37): a report's conversation, the message list.
import { VoicePlayer } from "@web/components/ui/VoicePlayer.tsx";

export function AdminVoice({ messageId, durationMs }: { messageId: string; durationMs: number }) {
  return (
    <VoicePlayer
      src={`/api/admin/messages/${encodeURIComponent(messageId)}/voice`}
      durationMs={durationMs}
      peaks={[]}
      label="le message vocal"
      className="max-w-96"
    />
  );
}
