import { deName, sentence } from "@domain/french.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { ExternalLink, ImageOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { useRemovePhoto } from "../api.ts";

/** The member's photos, each with « Retirer la photo » (moderation, after confirmation). */
export function PhotoGallery({
  userId,
  photos,
  name,
  onNotice,
}: {
  userId: string;
  photos: PhotoDto[];
  name: string;
  onNotice: (text: string) => void;
}) {
  const remove = useRemovePhoto(userId);
  const [target, setTarget] = useState<{ photo: PhotoDto; index: number } | null>(null);

  if (photos.length === 0)
    return (
      <p className="flex items-center gap-2 text-ink-soft">
        <ImageOff className="size-5" aria-hidden="true" />
        Ce profil n’a pas de photo.
      </p>
    );

  return (
    <>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label={`Photos ${deName(name)}`}>
        {photos.map((photo, index) => (
          <li key={photo.key} className="flex flex-col gap-2">
            <img
              src={photo.thumbUrl || photo.url}
              alt={`${name}, ${index + 1} sur ${photos.length}${index === 0 ? " (principale)" : ""}`}
              loading="lazy"
              className="aspect-[4/5] w-full rounded-xl bg-sand-100 object-cover"
            />
            <a
              href={photo.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-teal-700 underline"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              Agrandir <span className="sr-only">la photo {index + 1} (nouvel onglet)</span>
            </a>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                remove.reset();
                setTarget({ photo, index });
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Retirer la photo <span className="sr-only">{index + 1}</span>
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Retirer la photo"
        confirmLabel="Retirer la photo"
        pendingLabel="Suppression…"
        tone="danger"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(target.photo.key, {
            onSuccess: () => {
              onNotice(`La photo ${target.index + 1} ${deName(name)} a été retirée.`);
              setTarget(null);
            },
          });
        }}
      >
        {target && (
          <div className="flex items-start gap-4">
            <img
              src={target.photo.thumbUrl || target.photo.url}
              alt=""
              className="aspect-[4/5] w-24 shrink-0 rounded-lg object-cover"
            />
            <p>
              {sentence(`La photo ${target.index + 1} sera supprimée du profil ${deName(name)}`)} Le membre
              n’en sera pas averti.
            </p>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
