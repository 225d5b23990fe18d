import type { AdminMessageRow } from "@domain/admin.ts";
import { deName } from "@domain/french.ts";
import { voiceMessageLabel } from "@domain/voice.ts";
import { Button } from "@web/components/ui/Button.tsx";
import type { DataTableColumn } from "@web/components/ui/DataTable.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { ArrowDown } from "lucide-react";
import { useMemo, useState } from "react";
import { AdminPage } from "../shared/AdminPage.tsx";
import { AdminVoice } from "../shared/AdminVoice.tsx";
import { ConfirmDialog } from "../shared/ConfirmDialog.tsx";
import { FilterBar } from "../shared/FilterBar.tsx";
import { ListView } from "../shared/ListView.tsx";
import { LiveNotice, useNotice } from "../shared/LiveNotice.tsx";
import { formatDateTime } from "../shared/labels.ts";
import { useListParams } from "../shared/list-params.ts";
import { MemberCell } from "../shared/MemberCell.tsx";
import { SearchBox } from "../shared/SearchBox.tsx";
import { MESSAGES_LIST, useDeleteMessage, useMessages } from "./api.ts";

const PREVIEW_LENGTH = 120;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text);
const who = (m: AdminMessageRow["sender"]) => m.name || m.email;

export default function MessagesPage() {
  const params = useListParams(MESSAGES_LIST);
  const messages = useMessages(params.query);
  const remove = useDeleteMessage();
  const { notice, success } = useNotice();
  const [target, setTarget] = useState<AdminMessageRow | null>(null);

  const columns = useMemo<DataTableColumn<AdminMessageRow>[]>(
    () => [
      {
        id: "members",
        header: "Expéditeur → destinataire",
        cell: (m) => (
          <div className="flex flex-col gap-1">
            <MemberCell member={m.sender} />
            <span className="ml-2 text-ink-soft">
              <ArrowDown className="size-4" aria-hidden="true" />
              <span className="sr-only">à</span>
            </span>
            <MemberCell member={m.recipient} />
          </div>
        ),
      },
      {
        id: "content",
        header: "Message",
        className: "min-w-64 max-w-xl",
        // Plain text: React escapes it; line breaks and long words are kept readable.
        cell: (m) =>
          m.voiceMs === null ? (
            <p className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]">{m.content}</p>
          ) : (
            <AdminVoice messageId={m.id} durationMs={m.voiceMs} />
          ),
      },
      {
        id: "date",
        header: "Date",
        sortKey: "created_at",
        firstDir: "desc",
        cell: (m) => (
          <>
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            <span className="block text-xs text-ink-soft">{m.readAt ? "Lu" : "Non lu"}</span>
          </>
        ),
      },
      {
        id: "actions",
        header: "Actions",
        headerHidden: true,
        cell: (m) => (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              remove.reset();
              setTarget(m);
            }}
          >
            Supprimer{" "}
            <span className="sr-only">
              le message {deName(who(m.sender))} du {formatDateTime(m.createdAt)}
            </span>
          </Button>
        ),
      },
    ],
    [remove.reset],
  );

  return (
    <AdminPage title="Messages" intro="Les messages échangés dans les matchs, du plus récent au plus ancien.">
      <LiveNotice notice={notice} />
      <FilterBar label="Filtrer les messages">
        <SearchBox
          id="messages-q"
          label="Rechercher dans les messages"
          value={params.q}
          onSearch={params.setQuery}
        />
        <SearchBox
          id="messages-member"
          label="Membre"
          placeholder="Nom ou e-mail"
          icon={false}
          maxLength={254}
          value={params.filters.member ?? ""}
          onSearch={(v) => params.setFilter("member", v)}
        />
        <SearchBox
          id="messages-match"
          label="Conversation (identifiant du match)"
          icon={false}
          maxLength={64}
          value={params.filters.matchId ?? ""}
          onSearch={(v) => params.setFilter("matchId", v)}
        />
      </FilterBar>
      <ListView
        list={messages}
        params={params}
        caption="Messages"
        columns={columns}
        rowKey={(m) => m.id}
        emptyText="Aucun message pour le moment."
        errorTitle="Impossible de charger les messages"
        itemsLabel="messages"
        itemLabel="message"
      />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Supprimer le message"
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        tone="danger"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(target.id, {
            onSuccess: () => {
              success(`Le message ${deName(who(target.sender))} a été supprimé.`);
              setTarget(null);
            },
          });
        }}
      >
        {target && (
          <>
            <p>
              Ce message {deName(who(target.sender))} à {who(target.recipient)} sera supprimé définitivement :
            </p>
            <blockquote className="rounded-lg bg-sand-100 px-4 py-3 break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
              {target.voiceMs === null ? quoted(preview(target.content)) : voiceMessageLabel(target.voiceMs)}
            </blockquote>
          </>
        )}
      </ConfirmDialog>
    </AdminPage>
  );
}
