// The production entry point (`npm run serve`, build/server/main.mjs): the server without demo data.
import { startServer } from "./server.ts";

startServer();
