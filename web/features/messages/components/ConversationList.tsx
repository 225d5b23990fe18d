import type { ConversationDto } from "@domain/messaging.ts";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Badge } from "@web/components/ui/Badge.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { PresenceBadge, smallPhotoUrl } from "@web/features/members/index.ts";
import { formatWhen } from "@web/lib/format.ts";
import { Link } from "react-router-dom";

interface Props {
  conversations: ConversationDto[];
  activeId: string | null;
  me: string;
  /** The box the list shows: its links keep it. */
  box?: "conversations" | "demandes";
}

/** The member's conversations, newest activity first, with unread counts and presence. */
export function ConversationList({ conversations, activeId, me, box = "conversations" }: Props) {
  const inBox = box === "demandes" ? "box=demandes&" : "";
  return (
    <ul
      className="flex flex-col divide-y divide-sand-200"
      aria-label={box === "demandes" ? "Vos demandes" : "Vos conversations"}
    >
      {conversations.map((c) => {
        const name = c.member.lastInitial
          ? `${c.member.firstName} ${c.member.lastInitial}`
          : c.member.firstName;
        const active = c.matchId === activeId;
        const last = c.lastMessage;
        const preview = last
          ? `${last.senderId === me ? "Vous : " : ""}${last.content}`
          : c.likedBy === "them"
            ? `${c.member.firstName} vous a envoyé un J’aime`
            : c.likedBy === "me"
              ? `Vous avez aimé ${c.member.firstName} : écrivez-lui !`
              : "C’est un match : dites bonjour !";
        return (
          <li key={c.matchId}>
            <Link
              to={`/messages?${inBox}match=${encodeURIComponent(c.matchId)}`}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex min-h-16 items-center gap-3 px-3 py-3 transition-colors hover:bg-sand-100",
                active && "bg-teal-50 hover:bg-teal-50",
              )}
            >
              <Avatar src={smallPhotoUrl(c.member.photo)} name={name} alt="" />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span className={cn("truncate text-ink", (c.unread > 0 || c.isNew) && "font-bold")}>
                    {name}
                  </span>
                  <time dateTime={c.lastActivityAt} className="shrink-0 text-xs text-ink-soft">
                    {formatWhen(c.lastActivityAt)}
                  </time>
                </div>
                {/* Worded for the member's gender (« Active aujourd'hui »). */}
                {c.member.presence !== null && (
                  <div className="flex">
                    <PresenceBadge presence={c.member.presence} gender={c.member.gender} size="xs" />
                  </div>
                )}
                <div className="flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      "truncate text-sm",
                      c.unread > 0 ? "font-semibold text-ink" : "text-ink-soft",
                    )}
                  >
                    {preview}
                  </span>
                  {c.unread > 0 ? (
                    <Badge>
                      {c.unread > 99 ? "99+" : c.unread}
                      <span className="sr-only">
                        {" "}
                        {c.unread === 1 ? "message non lu" : "messages non lus"}
                      </span>
                    </Badge>
                  ) : (
                    c.isNew && (
                      <Badge tone="teal" className="px-2">
                        Nouveau
                      </Badge>
                    )
                  )}
                </div>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
