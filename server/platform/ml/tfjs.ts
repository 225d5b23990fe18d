// TensorFlow.js for the models that run on our servers (faces: server/features/verification; photo
// screening: server/features/moderation): one copy of tfjs-core, required as CommonJS so that Human's Node
// build, nsfwjs's CommonJS build and ours share it, on the WebAssembly backend with its binaries read
// from node_modules. Nothing is fetched: models come from their packages (a file:// load router
// reads Human's from disk; nsfwjs bundles its own as JavaScript).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

export const require = createRequire(import.meta.url);

export type Tf = typeof import("@tensorflow/tfjs-core");

/** Where the WebAssembly backend's .wasm files are. */
export const WASM_DIR = `${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`;

function installFileLoader(tf: Tf): void {
  // A router answers null for the addresses it does not handle (TensorFlow.js's own do the same).
  type Router = Parameters<Tf["io"]["registerLoadRouter"]>[0];
  const router = (url: string | string[]) => {
    if (typeof url !== "string" || !url.startsWith("file://")) return null;
    const file = url.slice("file://".length);
    return {
      load: async () =>
        tf.io.getModelArtifactsForJSON(JSON.parse(await readFile(file, "utf8")), async (manifest) => {
          const specs = manifest.flatMap((group) => group.weights);
          const parts = await Promise.all(
            manifest.flatMap((group) => group.paths.map((p) => readFile(path.join(path.dirname(file), p)))),
          );
          const all = Buffer.concat(parts);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer];
        }),
    };
  };
  tf.io.registerLoadRouter(router as Router);
}

let ready: Promise<Tf> | null = null;

/** tfjs-core on the WebAssembly backend, initialised once per process. */
export function tfjs(): Promise<Tf> {
  ready ??= (async () => {
    const tf = require("@tensorflow/tfjs-core") as Tf;
    const wasm = require("@tensorflow/tfjs-backend-wasm") as typeof import("@tensorflow/tfjs-backend-wasm");
    wasm.setWasmPaths(WASM_DIR);
    installFileLoader(tf);
    if (!(await tf.setBackend("wasm")))
      throw new Error("TensorFlow.js: the WebAssembly backend did not start");
    await tf.ready();
    return tf;
  })().catch((err) => {
    ready = null;
    throw err;
  });
  return ready;
}
