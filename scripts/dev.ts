// Development: the API (restarting on change) on API_PORT and Vite with hot reload on :3000,
// which proxies /api and /storage to the API.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? "http://localhost:3000",
    },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && stop());
