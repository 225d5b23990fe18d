import { deName, gendered, sentence } from "@domain/french.ts";
import type { ConversationDto, MessageDto } from "@domain/messaging.ts";
import { scamSignals } from "@domain/scam-signals.ts";
import { VOICE_MESSAGE_MAX_MS } from "@domain/voice.ts";
import { useQueryClient } from "@tanstack/react-query";
import { Avatar } from "@web/components/ui/Avatar.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { EmptyState } from "@web/components/ui/EmptyState.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { MicButton, VoiceRecorderPanel } from "@web/components/ui/VoiceRecorder.tsx";
import { CallButton, partnerFrom } from "@web/features/calls/index.ts";
import { PresenceBadge, ProfileVerifiedBadge, smallPhotoUrl } from "@web/features/members/index.ts";
import { useProfile } from "@web/features/profile/index.ts";
import { SafetyMenu, type SafetyTarget, useMemberSafety } from "@web/features/safety/index.ts";
import { ShareCardButton } from "@web/features/sharing/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { discardItem, enqueue, onOutboxResult, retryItem, useOutbox } from "@web/lib/outbox/outbox.ts";
import { useVoiceRecorder } from "@web/lib/use-voice-recorder.ts";
import { ArrowLeft, Heart, MessageCircleOff } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { mergeMessages, useMarkRead, useMessages, useRevealMessage, useSendMessage } from "../api.ts";
import { useIsTyping, useTypingSignal } from "../typing.ts";
import { BirthDateRequiredNotice } from "./BirthDateRequiredNotice.tsx";
import { CardSharedNotice } from "./CardSharedNotice.tsx";
import { Composer } from "./Composer.tsx";
import { LikeReceivedNotice } from "./LikeReceivedNotice.tsx";
import { MessageList, type PendingMessage } from "./MessageList.tsx";
import { MoneyReminder } from "./MoneyReminder.tsx";
import { RevealPhotosNotice } from "./RevealPhotosNotice.tsx";
import { TypingIndicator } from "./TypingIndicator.tsx";

interface Props {
  matchId: string;
  /** From the conversation list; undefined while it loads or once the match is gone. */
  conversation: ConversationDto | undefined;
  /** True when the list has loaded and no longer holds this match (removed, or never ours). */
  gone: boolean;
  me: string;
}

/** Near the bottom: new messages scroll into view; further up, the member is reading history. */
const NEAR_BOTTOM = 120;

export function ConversationView({ matchId, conversation, gone, me }: Props) {
  const messages = useMessages(matchId);
  const send = useSendMessage(matchId);
  const recorder = useVoiceRecorder(VOICE_MESSAGE_MAX_MS);
  const markRead = useMarkRead();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const previousHeight = useRef(0);
  const [blocked, setBlocked] = useState<SafetyTarget | null>(null);
  // Set by the J'aime back given here: said once the lists say « both ».
  const [matched, setMatched] = useState(false);
  const safety = useMemberSafety({ onBlocked: setBlocked });
  // Known from the member's profile, or learnt from a refused send (the profile may be older).
  const profile = useProfile();
  const [birthDateRefused, setBirthDateRefused] = useState(false);
  // Text messages go through the outbox (issue 39): kept on the device until the server has them.
  const outbox = useOutbox();
  const refusedForBirthDate = outbox.items.some(
    (i) => i.target === matchId && i.errorCode === "BIRTH_DATE_UNCONFIRMED",
  );
  const birthDateMissing =
    profile.data?.birthDateConfirmed === false || birthDateRefused || refusedForBirthDate;
  const queued = useMemo<PendingMessage[]>(
    () =>
      outbox.items
        .filter((i) => i.kind === "message" && i.target === matchId && i.ownerId === me)
        .map((i) => ({
          key: i.key,
          content: i.text,
          status: i.state === "failed" ? "failed" : outbox.offline ? "waiting" : "sending",
          ...(i.error ? { error: i.error } : {}),
        })),
    [outbox, matchId, me],
  );
  const shown = useMemo(() => [...queued, ...pending], [queued, pending]);

  const ordered = useMemo(
    () => (messages.data?.pages.flatMap((p) => p.data) ?? []).slice().reverse(),
    [messages.data],
  );
  // The first time money comes up here (issue 36), held or not, a reminder at the top.
  const moneyTalk = useMemo(
    () => ordered.some((m) => m.held || scamSignals(m.content).some((s) => s === "money" || s === "payment")),
    [ordered],
  );
  const reveal = useRevealMessage(matchId);
  const [revealing, setRevealing] = useState<{ id: string; error: string | null } | null>(null);
  const oldestId = ordered[0]?.id;
  const newestId = ordered.at(-1)?.id;
  const name = conversation
    ? `${conversation.member.firstName}${conversation.member.lastInitial ? ` ${conversation.member.lastInitial}` : ""}`
    : (blocked?.name ?? "");
  const target: SafetyTarget | null = conversation ? { userId: conversation.member.userId, name } : null;
  const closed =
    blocked !== null ||
    gone ||
    (messages.error instanceof ApiError &&
      ["CONVERSATION_CLOSED", "MATCH_NOT_FOUND"].includes(messages.error.code));
  const typed = useTypingSignal(matchId);
  const otherTyping = useIsTyping(matchId, conversation?.member.userId) && !closed;

  // Opening the conversation, and any message arriving while it is open and visible, marks it read.
  const unreadFromOther = ordered.some((m) => m.senderId !== me && !m.readAt);
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (closed || !messages.isSuccess) return;
    if (document.visibilityState === "visible") markReadMutate(matchId);
  }, [matchId, closed, messages.isSuccess, markReadMutate]);
  useEffect(() => {
    if (!unreadFromOther || closed) return;
    const mark = () => document.visibilityState === "visible" && markReadMutate(matchId);
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [unreadFromOther, closed, matchId, markReadMutate]);

  // Older pages are prepended without moving what the member is reading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (!stick.current && previousHeight.current > 0)
      el.scrollTop += el.scrollHeight - previousHeight.current;
    previousHeight.current = el.scrollHeight;
  }, [oldestId]);

  // New messages (or the first load) scroll to the bottom when the member is there already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
    if (el) previousHeight.current = el.scrollHeight;
  }, [newestId, shown.length, otherTyping]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  useEffect(() => {
    const target = topSentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // What the outbox sent for this conversation joins it at once (web/app/outbox-cache.ts does the
  // same for every conversation; merging is idempotent).
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxResult(({ sent }) => {
        const made = sent.filter((s) => s.item.kind === "message" && s.item.target === matchId);
        mergeMessages(
          queryClient,
          matchId,
          made.map((s) => s.answer as MessageDto),
        );
      }),
    [queryClient, matchId],
  );

  const write = (content: string) => {
    stick.current = true;
    void enqueue(
      {
        key: crypto.randomUUID(),
        kind: "message",
        path: `/api/matches/${encodeURIComponent(matchId)}/messages`,
        body: { content },
        target: matchId,
        text: content,
      },
      me,
    );
  };

  const deliver = useCallback(
    (p: PendingMessage) => {
      stick.current = true;
      setPending((list) => [
        ...list.filter((x) => x.key !== p.key),
        { ...p, status: "sending", error: undefined },
      ]);
      send.mutate(p.voice ? { key: p.key, voice: p.voice } : { key: p.key, content: p.content }, {
        onSuccess: () => setPending((list) => list.filter((x) => x.key !== p.key)),
        onError: (err) => {
          if (err instanceof ApiError && err.code === "BIRTH_DATE_UNCONFIRMED") setBirthDateRefused(true);
          setPending((list) =>
            list.map((x) => (x.key === p.key ? { ...x, status: "failed", error: errorMessage(err) } : x)),
          );
        },
      });
    },
    [send],
  );

  const onScroll = () => {
    const el = scroller.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
  };

  return (
    <section
      aria-label={name ? `Conversation avec ${name}` : "Conversation"}
      className="flex h-full min-h-0 flex-col"
    >
      <header className="flex items-center gap-3 border-b border-sand-200 bg-white px-3 py-2">
        <Link
          to={conversation?.request ? "/messages?box=demandes" : "/messages"}
          className={buttonClasses("ghost", "sm", "md:hidden -ml-2 px-3")}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          <span className="sr-only">Retour aux conversations</span>
        </Link>
        {conversation && (
          <Avatar src={smallPhotoUrl(conversation.member.photo)} name={name} alt="" size="sm" />
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 className="truncate text-lg leading-snug font-bold text-teal-900">{name || "Conversation"}</h2>
          {/* Worded for the member's gender (« Active aujourd'hui »). */}
          {conversation && !closed && (
            <PresenceBadge
              presence={conversation.member.presence}
              gender={conversation.member.gender}
              size="xs"
            />
          )}
        </div>
        {conversation?.member.profileVerified && <ProfileVerifiedBadge className="shrink-0" />}
        {conversation && !closed && !conversation.request && (
          <ShareCardButton matchId={matchId} name={name} />
        )}
        {conversation && !closed && !conversation.request && (
          <CallButton matchId={matchId} partner={partnerFrom(conversation)} />
        )}
        {target && !closed && (
          <SafetyMenu
            name={name}
            onReport={() => safety.report(target)}
            onBlock={() => safety.block(target)}
          />
        )}
      </header>

      {conversation?.likedBy === "them" && !closed && (
        <LikeReceivedNotice
          matchId={matchId}
          memberId={conversation.member.userId}
          name={name}
          request={conversation.request}
          onMatched={() => setMatched(true)}
        />
      )}
      {matched && conversation?.likedBy === "both" && !closed && (
        <p
          role="status"
          className="flex items-center gap-2 border-b border-sand-200 bg-brand-50 px-3 py-3 font-semibold text-teal-900"
        >
          <Heart className="size-4 shrink-0 fill-current text-brand-600" aria-hidden="true" />
          {`C’est un match ! ${conversation.member.firstName} et vous vous plaisez tous les deux.`}
        </p>
      )}
      {profile.data?.blurPhotos && conversation && conversation.likedBy !== "both" && !closed && (
        <RevealPhotosNotice userId={conversation.member.userId} firstName={conversation.member.firstName} />
      )}
      {conversation?.cardSharedAt && !closed && (
        <CardSharedNotice firstName={conversation.member.firstName} at={conversation.cardSharedAt} />
      )}
      {moneyTalk && !closed && <MoneyReminder matchId={matchId} />}
      {closed ? (
        <div className="flex flex-1 items-center justify-center p-4">
          <EmptyState
            icon={MessageCircleOff}
            title="Cette conversation est fermée"
            action={
              <Link to="/messages" className={buttonClasses("secondary")}>
                Retour aux conversations
              </Link>
            }
          >
            <p role="status">
              {blocked
                ? `Vous avez bloqué ${blocked.name} : vous ne vous verrez plus. Vous pouvez lever ce blocage depuis votre profil, rubrique ${quoted("Vie privée")}.`
                : "Le match a été retiré : vous ne pouvez plus échanger de messages."}
            </p>
          </EmptyState>
        </div>
      ) : (
        <>
          <div
            ref={scroller}
            onScroll={onScroll}
            // Room below the last message for the typing indicator while it shows.
            className={cn("flex-1 overflow-y-auto bg-sand-100 px-3 pt-4", otherTyping ? "pb-12" : "pb-4")}
            aria-busy={messages.isPending || isFetchingNextPage}
          >
            <div ref={topSentinel} />
            {hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="ghost"
                  size="sm"
                  loading={isFetchingNextPage}
                  loadingText="Chargement…"
                  onClick={() => void fetchNextPage()}
                >
                  Messages précédents
                </Button>
              </div>
            )}
            {messages.isPending ? (
              <div className="flex h-full items-center justify-center text-teal-700">
                <Spinner label="Chargement des messages…" className="size-7" />
              </div>
            ) : messages.isError ? (
              <ErrorState
                title="Impossible de charger les messages"
                message={errorMessage(messages.error)}
                onRetry={() => void messages.refetch()}
                retrying={messages.isRefetching}
              />
            ) : ordered.length === 0 && shown.length === 0 ? (
              <p className="mt-8 text-center text-ink-soft">
                {sentence(`Vous êtes en contact avec ${name || "ce membre"}`)} Présentez-vous, posez une
                question sur son profil : un premier message sincère fait toute la différence.
              </p>
            ) : (
              <MessageList
                messages={ordered}
                pending={shown}
                me={me}
                onRetry={(p) => (p.voice ? deliver(p) : void retryItem(p.key))}
                onDiscard={(p) =>
                  p.voice
                    ? setPending((list) => list.filter((x) => x.key !== p.key))
                    : void discardItem(p.key)
                }
                onReport={
                  target ? (m, reason) => safety.report(target, { messageId: m.id, reason }) : undefined
                }
                onBlock={target ? () => safety.block(target) : undefined}
                revealing={revealing}
                onReveal={(m) => {
                  setRevealing({ id: m.id, error: null });
                  reveal.mutate(m.id, {
                    onSuccess: () => setRevealing(null),
                    onError: (err) => setRevealing({ id: m.id, error: errorMessage(err) }),
                  });
                }}
              />
            )}
          </div>
          {/* Over the bottom of the messages, which make room for it. */}
          <div className="relative h-0">
            <TypingIndicator firstName={conversation?.member.firstName || name} visible={otherTyping} />
          </div>
          {conversation?.request ? null : birthDateMissing ? (
            <BirthDateRequiredNotice />
          ) : (
            <>
              {conversation?.requestSent && (
                <p
                  role="status"
                  className="border-t border-sand-200 bg-sand-50 px-3 py-2 text-sm text-ink-soft"
                >
                  {requestSentText(conversation)}
                </p>
              )}
              {recorder.state.status === "idle" ? (
                <Composer
                  recipient={name || "ce membre"}
                  disabled={!messages.isSuccess}
                  onTyping={typed}
                  onSend={write}
                  voice={
                    <MicButton
                      recorder={recorder}
                      disabled={!messages.isSuccess}
                      label={`Enregistrer un message vocal pour ${name || "ce membre"}`}
                      className="mb-1 sm:mb-6"
                    />
                  }
                />
              ) : (
                <div className="border-t border-sand-200 bg-white">
                  <VoiceRecorderPanel
                    recorder={recorder}
                    maxMs={VOICE_MESSAGE_MAX_MS}
                    onSend={({ blob, type, durationMs, peaks }) =>
                      deliver({
                        key: crypto.randomUUID(),
                        content: "",
                        voice: { blob, type, durationMs, peaks },
                        status: "sending",
                      })
                    }
                  />
                </div>
              )}
            </>
          )}
        </>
      )}
      {safety.dialogs}
    </section>
  );
}

/** Told to a member whose first messages wait in the other member's « Demandes » (issue 34). */
function requestSentText({ member }: ConversationDto): string {
  const who = gendered(member.gender, { male: "il", female: "elle", unknown: "ce membre" });
  const whom = gendered(member.gender, { male: "qu’il", female: "qu’elle", unknown: "qu’il" });
  return `Votre message attend dans les ${quoted("Demandes")} ${deName(member.firstName)} : ${who} lit d’abord les messages des personnes ${whom} a aimées en retour.`;
}
