// The ML worker: the face and nudity models run here, in their own thread, so that an analysis
// (tens to hundreds of milliseconds of WebAssembly) never holds the server's event loop. Requests run
// one at a time, in order: the WebAssembly backend is single-threaded, and ordering keeps each
// caller's wait predictable. Each model loads on its first request (or the server's preload).
import { parentPort } from "node:worker_threads";
import { HumanModel } from "./models/human-model.ts";
import { NsfwModel } from "./models/nsfw-model.ts";
import type { MlReply, MlRequest } from "./protocol.ts";
import { tfjs } from "./tfjs.ts";

if (!parentPort) throw new Error("ml-worker.ts runs as a worker thread (server/platform/ml/ml-client.ts)");
const port = parentPort;

let faces: Promise<HumanModel> | null = null;
let nudity: Promise<NsfwModel> | null = null;
// A failed load is retried by the next request rather than remembered.
const loadFaces = () =>
  (faces ??= HumanModel.load().catch((err) => {
    faces = null;
    throw err;
  }));
const loadNudity = () =>
  (nudity ??= NsfwModel.load().catch((err) => {
    nudity = null;
    throw err;
  }));

async function handle(req: MlRequest): Promise<unknown> {
  switch (req.op) {
    case "load":
      await (req.model === "faces" ? loadFaces() : loadNudity());
      return null;
    case "faces":
      return (await loadFaces()).detect(req.pixels, req.width, req.height);
    case "nudity":
      return (await loadNudity()).classify(req.pixels);
    case "memory": {
      const m = (await tfjs()).memory();
      return { tensors: m.numTensors, bytes: m.numBytes };
    }
  }
}

let queue: Promise<unknown> = Promise.resolve();
port.on("message", (msg: { id: number; req: MlRequest }) => {
  queue = queue.then(async () => {
    let reply: MlReply;
    try {
      reply = { id: msg.id, ok: true, result: (await handle(msg.req)) as never };
    } catch (err) {
      reply = { id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
});
