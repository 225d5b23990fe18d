import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./scripts/build/precompress.ts";
import { prerender } from "./scripts/build/prerender.ts";

const apiPort = Number(process.env.API_PORT ?? 3001);
const alias = {
  "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
  "@web": fileURLToPath(new URL("./web", import.meta.url)),
};

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), prerender(), precompress()],
  resolve: { alias },
  build: { outDir: "../dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
  server: {
    port: 3000,
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/storage": { target: `http://127.0.0.1:${apiPort}` },
    },
  },
  test: {
    root: ".",
    projects: [
      {
        resolve: { alias },
        test: {
          name: "node",
          root: ".",
          environment: "node",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 20_000,
        },
      },
    ],
  },
});
