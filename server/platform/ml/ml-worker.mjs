// Entry of the ML worker thread (server/platform/ml/ml-client.ts starts it): Node starts a thread from a
// JavaScript file, and this one loads the TypeScript worker through tsx, as the server itself is run.
import { tsImport } from "tsx/esm/api";

await tsImport("./ml-worker.ts", import.meta.url);
