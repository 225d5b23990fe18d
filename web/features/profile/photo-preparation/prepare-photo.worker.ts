// Prepares a photo off the main thread: decode with the EXIF rotation applied, resize on an
// OffscreenCanvas, encode as JPEG (which drops every metadata block, GPS included).
import {
  drawResized,
  encodeWithinTarget,
  OUTPUT_TYPE,
  PROGRESS,
  targetSize,
  type WorkerReply,
  type WorkerRequest,
} from "./encode.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

scope.onmessage = async ({ data }) => {
  const post = (message: WorkerReply) => scope.postMessage(message);
  post({ kind: "progress", percent: PROGRESS.started });
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(data.file, { imageOrientation: "from-image" });
  } catch {
    post({ kind: "failed", stage: "decode" });
    return;
  }
  post({ kind: "progress", percent: PROGRESS.decoded });
  try {
    const { width, height } = targetSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("no 2d context");
    drawResized(ctx, bitmap, width, height);
    bitmap.close();
    post({ kind: "progress", percent: PROGRESS.drawn });
    const blob = await encodeWithinTarget(
      (quality) => canvas.convertToBlob({ type: OUTPUT_TYPE, quality }),
      (fraction) =>
        post({ kind: "progress", percent: PROGRESS.drawn + fraction * (PROGRESS.encoded - PROGRESS.drawn) }),
    );
    post({ kind: "done", blob, width, height });
  } catch {
    post({ kind: "failed", stage: "encode" });
  }
};
