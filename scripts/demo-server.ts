// The entry point of `npm start` (build/server/demo.mjs): the server, with the demo members and
// accounts seeded into an empty database when SEED_DEMO is on (the default outside production).
import { startServer } from "../server/server.ts";
import { seedDemoIfEmpty } from "./seed/demo.ts";

startServer({ seedDemo: seedDemoIfEmpty });
