// Entry of the push service thread (push-service-client.ts starts it): Node starts a thread from a
// JavaScript file, and this one loads the TypeScript through tsx, as server/platform/ml/ml-worker.mjs does.
import { tsImport } from "tsx/esm/api";

await tsImport("./push-service-thread.ts", import.meta.url);
