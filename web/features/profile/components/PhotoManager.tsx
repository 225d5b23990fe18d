import { PHOTO_MAX_COUNT } from "@domain/constants.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Badge } from "@web/components/ui/Badge.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { ImageOff, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { useDeletePhoto, useSetMainPhoto } from "../api.ts";
import { PhotoUploader } from "./PhotoUploader.tsx";

interface PhotoManagerProps {
  photos: PhotoDto[];
  firstName: string;
}

function altText(index: number, firstName: string): string {
  const name = firstName.trim();
  return name ? `Photo ${index + 1} de ${name}` : `Photo ${index + 1} de votre profil`;
}

export function PhotoManager({ photos, firstName }: PhotoManagerProps) {
  const [error, setError] = useState<string | null>(null);
  // Seen and announced (the photo grid changes under the member's eyes, which says nothing to a screen reader).
  const toast = useToast();
  const confirm = (text: string) => toast.show({ tone: "success", text });
  const [toDelete, setToDelete] = useState<{ photo: PhotoDto; index: number } | null>(null);
  const remove = useDeletePhoto();
  const setMain = useSetMainPhoto();
  const busy = remove.isPending || setMain.isPending;

  const report = (message: string | null) => {
    setError(message);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    report(null);
    try {
      await remove.mutateAsync(toDelete.photo.key);
      confirm("Photo supprimée.");
    } catch (err) {
      report(errorMessage(err));
    } finally {
      setToDelete(null);
    }
  };

  const makeMain = async (photo: PhotoDto) => {
    report(null);
    try {
      await setMain.mutateAsync(photo.key);
      confirm("Photo principale modifiée.");
    } catch (err) {
      report(errorMessage(err));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {photos.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-sand-300 px-4 py-8 text-center text-ink-soft">
          <ImageOff className="size-8" aria-hidden="true" />
          <p>Vous n'avez pas encore de photo. Un profil avec photo reçoit bien plus de visites.</p>
        </div>
      ) : (
        <ul
          className="grid grid-cols-2 gap-4 sm:grid-cols-3"
          aria-label={`Vos photos (${photos.length} sur ${PHOTO_MAX_COUNT})`}
        >
          {photos.map((photo, index) => (
            <li key={photo.key} className="flex flex-col gap-2">
              <div className="relative overflow-hidden rounded-xl bg-sand-100">
                <img
                  src={photo.thumbUrl || photo.url}
                  alt={altText(index, firstName)}
                  loading="lazy"
                  className="aspect-[4/5] w-full object-cover"
                />
                {index === 0 && (
                  <Badge tone="teal" className="absolute top-2 left-2 px-2.5 py-0.5 text-xs">
                    Photo principale
                  </Badge>
                )}
              </div>
              {index > 0 && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => makeMain(photo)}
                  className="px-2"
                >
                  <Star className="size-4" aria-hidden="true" />
                  Définir comme principale <span className="sr-only">(photo {index + 1})</span>
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => setToDelete({ photo, index })}
                className="px-2 text-danger-700! hover:bg-danger-50!"
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Supprimer <span className="sr-only">la photo {index + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}

      <PhotoUploader count={photos.length} onError={report} onUploaded={() => confirm("Photo ajoutée.")} />

      {error && <Alert tone="error">{error}</Alert>}

      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Supprimer cette photo ?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Annuler
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
              Supprimer la photo
            </Button>
          </>
        }
      >
        {toDelete && (
          <div className="flex flex-col gap-3">
            <img
              src={toDelete.photo.thumbUrl || toDelete.photo.url}
              alt={altText(toDelete.index, firstName)}
              className="mx-auto max-h-48 rounded-lg object-cover"
            />
            <p>Cette photo sera définitivement retirée de votre profil.</p>
          </div>
        )}
      </Dialog>
    </div>
  );
}
