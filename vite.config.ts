import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { bootChainPreloads } from "./scripts/build/boot-chain.ts";
import { precompress } from "./scripts/build/precompress.ts";
import { prerender } from "./scripts/build/prerender.ts";
import { pwa } from "./scripts/build/pwa.ts";
import { lowPriorityScripts } from "./scripts/build/script-priority.ts";

const apiPort = Number(process.env.API_PORT ?? 3001);
const alias = {
  "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
  "@web": fileURLToPath(new URL("./web", import.meta.url)),
};

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    bootChainPreloads(),
    lowPriorityScripts(),
    prerender(),
    precompress(),
    pwa(),
  ],
  resolve: { alias },
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      // The features' and components' modules only declare things (no import is made for its side
      // effects: web/main.tsx alone does that), so what a feature's index.ts re-exports and another
      // feature does not use is left out of that feature's chunks. Without it, every page importing
      // a feature's public index carried all of it (docs/decisions/0017).
      treeshake: {
        moduleSideEffects: [{ test: /\/web\/(features|components)\/.+\.tsx?$/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/storage": { target: `http://127.0.0.1:${apiPort}` },
    },
  },
  test: {
    root: ".",
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    // Test files wait on their database and on child processes as much as they compute, so
    // one worker per core keeps both cores busy (figures in docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "node",
          root: ".",
          environment: "node",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          // Migrated template databases, built once and copied for each test app.
          globalSetup: ["server/test/global-setup.ts"],
          // Test files of a worker share its loaded modules instead of importing the server again
          // for each file (about 55 s of module loading per run, measured in docs/testing.md). No
          // test mocks modules; each builds its own app, database and clock (and restores it).
          isolate: false,
          // Ceilings for a busy machine, not targets: a test that loads the photo-screening model,
          // races eight uploads or restarts the server takes seconds alone and several times that
          // beside other work (issue 33: 19 tests timed out at a load average of 10–20; eight
          // uploads racing took 1.3–11 s idle and 96 s beside two CPU hogs and the journeys). A
          // passing test never waits on them; a hung one fails after them.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // expect.poll's own default gives up after 1 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: "web",
          root: ".",
          environment: "jsdom",
          include: ["web/**/*.test.tsx", "web/**/*.test.ts"],
          setupFiles: ["web/test/setup.ts"],
          // As for the node project; web/test/setup.ts makes each file load our modules anew.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
