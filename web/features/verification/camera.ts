// The front camera for the verification selfies: opened only after the member's consent, shown
// mirrored (as a mirror, which is what people expect of a selfie) but captured as the camera sees
// it — the server reads the gestures in the unmirrored picture (server/features/verification/decide.ts).
import { CAPTURE } from "@domain/verification.ts";

/** Why the camera could not be opened, in French. */
export class CameraError extends Error {
  override name = "CameraError";
}

export const CAMERA_MSG = {
  UNSUPPORTED:
    "Votre navigateur ne permet pas d’utiliser la caméra sur cette page. Essayez avec un navigateur à jour (Chrome, Firefox, Safari).",
  DENIED:
    "Vous avez refusé l’accès à la caméra. Pour vérifier votre profil, autorisez-la dans les réglages de votre navigateur pour ce site, puis réessayez.",
  NOT_FOUND: "Aucune caméra n’a été trouvée sur cet appareil.",
  BUSY: "La caméra est déjà utilisée par une autre application. Fermez-la, puis réessayez.",
  FAILED: "La caméra n’a pas pu être ouverte. Réessayez dans un instant.",
} as const;

/** The front camera at 640 × 480, or a CameraError saying why not. */
export async function openCamera(): Promise<MediaStream> {
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia)
    throw new CameraError(CAMERA_MSG.UNSUPPORTED);
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: "user", width: 640, height: 480 },
    });
  } catch (err) {
    const name = err instanceof DOMException || err instanceof Error ? err.name : "";
    if (name === "NotAllowedError" || name === "SecurityError") throw new CameraError(CAMERA_MSG.DENIED);
    if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
      throw new CameraError(CAMERA_MSG.NOT_FOUND);
    if (name === "NotReadableError" || name === "TrackStartError") throw new CameraError(CAMERA_MSG.BUSY);
    throw new CameraError(CAMERA_MSG.FAILED);
  }
}

export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The video's current picture, not mirrored, at most CAPTURE.FRAME_MAX_SIDE pixels on its long side,
 * as a JPEG. The picture is drawn at once (it is the one on screen when this is called); its
 * encoding finishes later, so that taking the next frame on time does not wait for it.
 */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, CAPTURE.FRAME_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext("2d");
  if (!context || canvas.width === 0) return Promise.reject(new CameraError(CAMERA_MSG.FAILED));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new CameraError(CAMERA_MSG.FAILED))),
      "image/jpeg",
      // Below about 0.8, on 320 × 240 frames, the emotion and liveness models start to miss the
      // composed smiles of the browser journey (e2e/fake-camera.ts): 0.9 keeps a margin.
      0.9,
    ),
  );
}

/** How long a camera may take to show its first picture before the member is told it failed. */
export const CAMERA_START_MS = 15_000;

/**
 * Resolves once the video shows pictures (its size known and playing); a camera that shows none
 * within CAMERA_START_MS is a CameraError, rather than a page that waits for ever.
 */
export async function videoReady(
  video: HTMLVideoElement,
  signal: AbortSignal,
  timeoutMs = CAMERA_START_MS,
): Promise<void> {
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
    await new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        video.removeEventListener("loadeddata", done);
        signal.removeEventListener("abort", abort);
      };
      const done = () => {
        settle();
        resolve();
      };
      const abort = () => {
        settle();
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        settle();
        reject(new CameraError(CAMERA_MSG.FAILED));
      }, timeoutMs);
      video.addEventListener("loadeddata", done);
      signal.addEventListener("abort", abort, { once: true });
    });
  }
  await video.play().catch(() => {
    // Autoplay of a muted inline video is allowed; if a browser refuses, the frames still come.
  });
}
