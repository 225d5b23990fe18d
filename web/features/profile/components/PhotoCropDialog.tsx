// Chooses the square of a photo shown on search cards and avatars: a square over the photo that
// can be dragged (mouse, finger, pen) and resized with a zoom slider or buttons, and is operable by
// keyboard (arrows move it, Shift for bigger steps, + and − zoom). Coordinates are the image's own
// pixels, as the API expects.
import { centredSquare, minSquareSize, type PhotoSquare } from "@domain/photo-square.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { Spinner } from "@web/components/ui/Spinner.tsx";
import { Minus, Plus } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";

interface PhotoCropDialogProps {
  /** The image to frame (an object URL of a prepared photo, or a stored photo's URL); null: closed. */
  src: string | null;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: (square: PhotoSquare) => void;
  onCancel: () => void;
}

interface Size {
  width: number;
  height: number;
}

/** The square moved and resized as asked, kept inside the image and within the allowed sizes. */
export function clampSquare(square: PhotoSquare, { width, height }: Size): PhotoSquare {
  const size = Math.round(
    Math.min(Math.min(width, height), Math.max(minSquareSize(width, height), square.size)),
  );
  return {
    size,
    left: Math.round(Math.min(width - size, Math.max(0, square.left))),
    top: Math.round(Math.min(height - size, Math.max(0, square.top))),
  };
}

/** Resizes around the square's centre. */
function resizeAround(square: PhotoSquare, size: number, image: Size): PhotoSquare {
  const cx = square.left + square.size / 2;
  const cy = square.top + square.size / 2;
  return clampSquare({ left: cx - size / 2, top: cy - size / 2, size }, image);
}

const ZOOM_STEP = 1.15;
/** Half the screen at most, less on short screens, never under 10rem. */
const FRAME_MAX_HEIGHT = "max(10rem, min(50dvh, 100dvh - 26rem))";
const formatZoom = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

export function PhotoCropDialog({
  src,
  title,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: PhotoCropDialogProps) {
  const [image, setImage] = useState<Size | null>(null);
  const [failed, setFailed] = useState(false);
  const [square, setSquare] = useState<PhotoSquare | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: PhotoSquare; scale: number } | null>(null);
  const helpId = useId();
  const zoomId = useId();

  // Learn the image's size, then start from the largest centred square.
  useEffect(() => {
    setImage(null);
    setSquare(null);
    setFailed(false);
    if (!src) return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      if (!live) return;
      const size = { width: img.naturalWidth, height: img.naturalHeight };
      setImage(size);
      setSquare(centredSquare(size.width, size.height));
    };
    img.onerror = () => live && setFailed(true);
    img.src = src;
    return () => {
      live = false;
    };
  }, [src]);

  const maxSize = image ? Math.min(image.width, image.height) : 1;
  const minSize = image ? minSquareSize(image.width, image.height) : 1;
  const update = (next: PhotoSquare) => image && setSquare(clampSquare(next, image));
  const zoom = (factor: number) =>
    image && square && setSquare(resizeAround(square, square.size / factor, image));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!image || !square) return;
    const step = Math.max(1, Math.round(maxSize * (event.shiftKey ? 0.1 : 0.02)));
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) update({ ...square, left: square.left + move[0], top: square.top + move[1] });
    else if (event.key === "+" || event.key === "=") zoom(ZOOM_STEP);
    else if (event.key === "-" || event.key === "_") zoom(1 / ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!image || !square || !frameRef.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      start: square,
      scale: image.width / frameRef.current.clientWidth,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    update({
      ...d.start,
      left: d.start.left + (event.clientX - d.x) * d.scale,
      top: d.start.top + (event.clientY - d.y) * d.scale,
    });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const percent = (value: number, total: number) => `${(value / total) * 100}%`;
  const previewSize = 72;

  return (
    <Dialog
      open={src !== null}
      onClose={onCancel}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button
            loading={busy}
            disabled={!square}
            onClick={() => square && onConfirm(square)}
            loadingText="Enregistrement…"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p id={helpId} className="text-sm text-ink-soft">
          Ce carré s’affiche dans la recherche et les messages. Faites-le glisser, ou utilisez les flèches du
          clavier et + / − pour zoomer.
        </p>
        {failed ? (
          <Alert tone="error">Impossible d’afficher cette photo. Réessayez plus tard.</Alert>
        ) : !image || !square ? (
          <div className="flex h-48 items-center justify-center">
            <Spinner label="Chargement de la photo…" />
          </div>
        ) : (
          <>
            <div
              ref={frameRef}
              className="relative mx-auto w-full overflow-hidden rounded-lg bg-sand-100 select-none"
              style={{
                // The whole dialog, buttons included, fits a small phone's screen.
                maxWidth: `calc(${FRAME_MAX_HEIGHT} * ${image.width / image.height})`,
                aspectRatio: `${image.width} / ${image.height}`,
              }}
            >
              <img src={src ?? undefined} alt="" draggable={false} className="absolute inset-0 size-full" />
              <div
                role="application"
                aria-label="Cadre de la vignette"
                aria-describedby={helpId}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a two-dimensional control moved with the arrow keys, described by the text above
                tabIndex={0}
                onKeyDown={onKeyDown}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                data-square={`${square.left},${square.top},${square.size}`}
                className="absolute cursor-move touch-none border-2 border-white shadow-[0_0_0_9999px_rgb(0_0_0/0.55)] outline-offset-2 focus-visible:outline-3 focus-visible:outline-teal-500"
                style={{
                  left: percent(square.left, image.width),
                  top: percent(square.top, image.height),
                  width: percent(square.size, image.width),
                  height: percent(square.size, image.height),
                }}
              />
            </div>
            <div className="flex flex-wrap items-center gap-4">
              <div
                role="img"
                aria-label="Aperçu de la vignette"
                className="shrink-0 rounded-xl border border-sand-200 bg-no-repeat"
                style={{
                  width: previewSize,
                  height: previewSize,
                  backgroundImage: `url("${src}")`,
                  backgroundSize: `${(image.width / square.size) * previewSize}px ${(image.height / square.size) * previewSize}px`,
                  backgroundPosition: `-${(square.left / square.size) * previewSize}px -${(square.top / square.size) * previewSize}px`,
                }}
              />
              <div className="flex min-w-48 flex-1 items-center gap-1">
                <Button variant="ghost" size="icon" aria-label="Dézoomer" onClick={() => zoom(1 / ZOOM_STEP)}>
                  <Minus className="size-5" aria-hidden="true" />
                </Button>
                <label htmlFor={zoomId} className="sr-only">
                  Zoom
                </label>
                <input
                  id={zoomId}
                  type="range"
                  min={minSize}
                  max={maxSize}
                  step={1}
                  // Right is closer: the value grows as the square shrinks.
                  value={maxSize + minSize - square.size}
                  aria-valuetext={`×${formatZoom.format(maxSize / square.size)}`}
                  onChange={(e) =>
                    image &&
                    setSquare(resizeAround(square, maxSize + minSize - Number(e.target.value), image))
                  }
                  className="h-11 min-w-0 flex-1 accent-teal-700"
                />
                <Button variant="ghost" size="icon" aria-label="Zoomer" onClick={() => zoom(ZOOM_STEP)}>
                  <Plus className="size-5" aria-hidden="true" />
                </Button>
              </div>
            </div>
          </>
        )}
        {error && (
          <Alert tone="error" reveal key={error}>
            {error}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}
