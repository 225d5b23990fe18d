import { PHOTO_MAX_COUNT } from "@domain/constants.ts";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { ProgressBar } from "@web/components/ui/ProgressBar.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { ImagePlus } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { useUploadPhoto } from "../api.ts";
import { checkPhotoFile, PHOTO_ACCEPT } from "../photo-checks.ts";

interface PhotoUploaderProps {
  count: number;
  onError: (message: string | null) => void;
  onUploaded: () => void;
}

/** « Ajouter une photo »: checks the file in the browser, then uploads it with a progress bar. */
export function PhotoUploader({ count, onError, onUploaded }: PhotoUploaderProps) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadPhoto(setProgress);
  const full = count >= PHOTO_MAX_COUNT;
  const disabled = full || upload.isPending;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ""; // allow choosing the same file again
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) {
      onError(problem);
      return;
    }
    onError(null);
    setProgress(0);
    try {
      await upload.mutateAsync(file);
      onUploaded();
    } catch (err) {
      onError(errorMessage(err));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonClasses("secondary"),
            "cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-500",
            disabled && "cursor-not-allowed opacity-60",
          )}
        >
          <ImagePlus className="size-5" aria-hidden="true" />
          Ajouter une photo
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            disabled={disabled}
            aria-describedby="photo-upload-hint"
            onChange={onChange}
          />
        </label>
        <p id="photo-upload-hint" className="text-sm text-ink-soft">
          {full
            ? `Vous avez atteint le maximum de ${PHOTO_MAX_COUNT} photos.`
            : `JPEG, PNG ou WebP, 2 Mo au maximum. ${count}/${PHOTO_MAX_COUNT} photos.`}
        </p>
      </div>
      {upload.isPending && <ProgressBar value={progress} label="Envoi de la photo" />}
    </div>
  );
}
