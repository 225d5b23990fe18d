import { PHOTO_MAX_COUNT } from "@domain/constants.ts";
import { deName } from "@domain/french.ts";
import type { PhotoSquare } from "@domain/photo-square.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Badge } from "@web/components/ui/Badge.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { useToast } from "@web/components/ui/Toast.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { ArrowLeft, ArrowRight, Crop, ImageOff, Star, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useCropPhoto, useDeletePhoto, useReorderPhotos, useSetMainPhoto } from "../api.ts";
import { type PhotoPreparer, preparePhoto } from "../photo-preparation/prepare-photo.ts";
import { PhotoCropDialog } from "./PhotoCropDialog.tsx";
import { PhotoUploader } from "./PhotoUploader.tsx";

interface PhotoManagerProps {
  photos: PhotoDto[];
  firstName: string;
  /** How chosen files are made ready to send; the real one decodes images (tests give another). */
  prepare?: PhotoPreparer;
}

function altText(index: number, firstName: string): string {
  const name = firstName.trim();
  return name ? `Photo ${index + 1} ${deName(name)}` : `Photo ${index + 1} de votre profil`;
}

/** An error next to the photo whose action caused it; `id` makes a repeated message show again. */
interface PhotoError {
  key: string;
  text: string;
  id: number;
}

export function PhotoManager({ photos, firstName, prepare = preparePhoto }: PhotoManagerProps) {
  const [error, setError] = useState<PhotoError | null>(null);
  // Seen and announced (the photo grid changes under the member's eyes, which says nothing to a screen reader).
  const toast = useToast();
  const confirm = (text: string) => toast.show({ tone: "success", text });
  const [toDelete, setToDelete] = useState<{ photo: PhotoDto; index: number } | null>(null);
  const [toCrop, setToCrop] = useState<PhotoDto | null>(null);
  const [cropError, setCropError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const remove = useDeletePhoto();
  const setMain = useSetMainPhoto();
  const reorder = useReorderPhotos();
  const crop = useCropPhoto();
  const busy = remove.isPending || setMain.isPending || crop.isPending;

  const report = (key: string, err: unknown) =>
    setError((e) => ({ key, text: errorMessage(err), id: (e?.id ?? 0) + 1 }));

  const confirmDelete = async () => {
    if (!toDelete) return;
    setError(null);
    try {
      await remove.mutateAsync(toDelete.photo.key);
      confirm("Photo supprimée.");
    } catch (err) {
      report(toDelete.photo.key, err);
    } finally {
      setToDelete(null);
    }
  };

  const makeMain = async (photo: PhotoDto) => {
    setError(null);
    try {
      await setMain.mutateAsync(photo.key);
      confirm("Photo principale modifiée.");
    } catch (err) {
      report(photo.key, err);
    }
  };

  /** Moves a photo one place earlier (-1) or later (+1), keeping the keyboard focus on it. */
  const move = async (index: number, by: -1 | 1) => {
    const target = index + by;
    const photo = photos[index];
    if (!photo || target < 0 || target >= photos.length || reorder.isPending) return;
    const keys = photos.map((p) => p.key);
    [keys[index], keys[target]] = [keys[target]!, keys[index]!];
    setError(null);
    // At either end the button pressed is disabled: focus goes to the one that still moves it.
    const atEnd = target === 0 || target === photos.length - 1;
    const refocus = atEnd ? (by === -1 ? "later" : "earlier") : by === -1 ? "earlier" : "later";
    try {
      const moved = reorder.mutateAsync(keys);
      requestAnimationFrame(() =>
        listRef.current
          ?.querySelector<HTMLButtonElement>(
            `[data-photo="${CSS.escape(photo.key)}"] [data-move="${refocus}"]`,
          )
          ?.focus(),
      );
      await moved;
      confirm(
        target === 0
          ? "Photo déplacée en première position : c’est votre photo principale."
          : `Photo déplacée en position ${target + 1}.`,
      );
    } catch (err) {
      report(photo.key, err);
    }
  };

  const saveCrop = async (square: PhotoSquare) => {
    if (!toCrop) return;
    setCropError(null);
    try {
      await crop.mutateAsync({ key: toCrop.key, square });
      setToCrop(null);
      confirm("Vignette recadrée.");
    } catch (err) {
      setCropError(errorMessage(err));
    }
  };

  const strayError = error && !photos.some((p) => p.key === error.key) ? error : null;

  return (
    <div className="flex flex-col gap-5">
      {photos.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-sand-300 px-4 py-8 text-center text-ink-soft">
          <ImageOff className="size-8" aria-hidden="true" />
          <p>Vous n’avez pas encore de photo. Un profil avec photo reçoit bien plus de visites.</p>
        </div>
      ) : (
        <ul
          ref={listRef}
          className="grid grid-cols-2 gap-4 sm:grid-cols-3"
          aria-label={`Vos photos (${photos.length} sur ${PHOTO_MAX_COUNT})`}
        >
          {photos.map((photo, index) => (
            <li key={photo.key} data-photo={photo.key} className="flex flex-col gap-2">
              <div className="relative overflow-hidden rounded-xl bg-sand-100">
                {/* The square thumbnail, as search cards and conversations show it. */}
                <img
                  src={photo.thumbUrl || photo.url}
                  alt={altText(index, firstName)}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
                {index === 0 && (
                  <Badge tone="teal" className="absolute top-2 left-2 px-2.5 py-0.5 text-xs">
                    Photo principale
                  </Badge>
                )}
              </div>
              <div className="flex items-center justify-between">
                <Button
                  variant="ghost"
                  size="icon"
                  data-move="earlier"
                  disabled={index === 0}
                  aria-disabled={reorder.isPending || undefined}
                  onClick={() => move(index, -1)}
                  aria-label={`Déplacer la photo ${index + 1} avant`}
                >
                  <ArrowLeft className="size-5" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={busy}
                  onClick={() => {
                    setCropError(null);
                    setToCrop(photo);
                  }}
                  aria-label={`Recadrer la vignette de la photo ${index + 1}`}
                >
                  <Crop className="size-5" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  data-move="later"
                  disabled={index === photos.length - 1}
                  aria-disabled={reorder.isPending || undefined}
                  onClick={() => move(index, 1)}
                  aria-label={`Déplacer la photo ${index + 1} après`}
                >
                  <ArrowRight className="size-5" aria-hidden="true" />
                </Button>
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
              {error?.key === photo.key && (
                <Alert tone="error" reveal key={error.id}>
                  {error.text}
                </Alert>
              )}
            </li>
          ))}
        </ul>
      )}

      {strayError && (
        <Alert tone="error" reveal key={strayError.id}>
          {strayError.text}
        </Alert>
      )}

      <PhotoUploader count={photos.length} prepare={prepare} onUploaded={() => confirm("Photo ajoutée.")} />

      <PhotoCropDialog
        src={toCrop ? toCrop.url : null}
        title="Recadrer la vignette"
        confirmLabel="Enregistrer le cadrage"
        busy={crop.isPending}
        error={cropError}
        onConfirm={saveCrop}
        onCancel={() => setToCrop(null)}
      />

      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Supprimer cette photo ?"
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
