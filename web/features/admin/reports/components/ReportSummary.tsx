import { deName } from "@domain/french.ts";
import type { AdminReportDetail } from "@domain/safety.ts";
import { Card } from "@web/components/ui/Card.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { quoted } from "@web/lib/format.ts";
import { ImageOff } from "lucide-react";
import type { ReactNode } from "react";
import { AdminVoice } from "../../shared/AdminVoice.tsx";
import { formatDateTime } from "../../shared/labels.ts";
import { ReportStatusPill, reasonLabel } from "../labels.tsx";
import { ReportedCell, ReporterCell } from "./cells.tsx";

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", wide && "sm:col-span-2")}>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** What was reported, by whom, and what has been done so far. */
export function ReportSummary({ report }: { report: AdminReportDetail }) {
  return (
    <Card className="sm:p-5">
      <h2 className="mb-3 text-lg font-bold text-teal-900">Le signalement</h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact label="Statut">
          <ReportStatusPill report={report} />
        </Fact>
        <Fact label="Date">{formatDateTime(report.createdAt)}</Fact>
        <Fact label="Raison">{reasonLabel(report.reason)}</Fact>
        <Fact label="Membre signalé">
          <ReportedCell report={report} />
        </Fact>
        <Fact label="Signalé par">
          <ReporterCell report={report} />
        </Fact>
        <Fact label="Précisions" wide>
          {report.details ? (
            <span className="whitespace-pre-wrap">{report.details}</span>
          ) : (
            <span className="text-ink-soft">Aucune précision.</span>
          )}
        </Fact>
        {report.handledAt && (
          <Fact label="Traité">
            {formatDateTime(report.handledAt)}
            {report.handledBy && <span className="block text-sm text-ink-soft">par {report.handledBy}</span>}
          </Fact>
        )}
        {report.note && <Fact label="Note de l’équipe">{quoted(report.note)}</Fact>}
      </dl>
    </Card>
  );
}

/** The conversation around the reported message, the reported one highlighted. */
export function ReportContext({ report }: { report: AdminReportDetail }) {
  const who = (senderId: string) =>
    senderId === report.reported?.userId
      ? `${report.reported.name || report.reported.email} (membre signalé)`
      : senderId === report.reporter?.userId
        ? `${report.reporter.name || report.reporter.email} (auteur du signalement)`
        : "Autre membre";
  return (
    <Card className="sm:p-5">
      <h2 className="mb-3 text-lg font-bold text-teal-900">Conversation</h2>
      {report.context.length > 0 ? (
        <ol className="flex flex-col gap-3" aria-label="Messages autour du message signalé">
          {report.context.map((m) => (
            <li
              key={m.id}
              className={cn(
                "rounded-xl px-4 py-3",
                m.reported ? "bg-danger-50 ring-2 ring-danger-600" : "bg-sand-100",
              )}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-ink-soft">
                <span className="font-semibold text-ink">{who(m.senderId)}</span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              {m.reported && <p className="text-sm font-bold text-danger-700">Message signalé</p>}
              {m.voiceMs === null ? (
                <p className="mt-1 break-words whitespace-pre-wrap [overflow-wrap:anywhere]">{m.content}</p>
              ) : (
                <AdminVoice messageId={m.id} durationMs={m.voiceMs} />
              )}
            </li>
          ))}
        </ol>
      ) : report.messageExcerpt ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-soft">
            La conversation n’existe plus ; voici la copie du message gardée avec le signalement :
          </p>
          <blockquote className="rounded-xl bg-danger-50 px-4 py-3 break-words whitespace-pre-wrap ring-2 ring-danger-600 [overflow-wrap:anywhere]">
            {report.messageExcerpt}
          </blockquote>
        </div>
      ) : (
        <p className="text-ink-soft">Ce signalement ne porte pas sur un message.</p>
      )}
    </Card>
  );
}

/** The reported member's current photos. */
export function ReportedPhotos({ report }: { report: AdminReportDetail }) {
  const name = report.reported?.name || report.reportedLabel;
  return (
    <Card className="sm:p-5">
      <h2 className="mb-3 text-lg font-bold text-teal-900">Photos du membre signalé</h2>
      {report.photos.length === 0 ? (
        <p className="flex items-center gap-2 text-ink-soft">
          <ImageOff className="size-5" aria-hidden="true" />
          Aucune photo.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={`Photos ${deName(name)}`}>
          {report.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-xl">
                <img
                  src={photo.thumbUrl || photo.url}
                  alt={`${name}, ${index + 1} sur ${report.photos.length} (agrandir dans un nouvel onglet)`}
                  loading="lazy"
                  className="aspect-[4/5] w-full rounded-xl bg-sand-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
