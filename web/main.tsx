import "./lib/zod-jitless.ts";
import "./styles.css";
import { nextTask } from "./app/next-task.ts";

const root = document.getElementById("root");
if (!root) throw new Error("Élément #root introuvable");

// The app starts in steps, each in a task of its own, so that no single task holds the page for
// long while it starts (a tap or a keystroke waits for the task in progress): React DOM's modules
// are evaluated first, then the app's (the router, the layout, the pages' loaders), then the app is
// set up and takes over the page (app/start.tsx). Evaluating all of them at once was the longest
// task of a page's start on a phone. The document preloads every chunk of the chain
// (scripts/build/boot-chain.ts), so the steps cost no extra round trip.
async function boot(container: HTMLElement) {
  await import("react-dom/client");
  await nextTask();
  const { start } = await import("./app/start.tsx");
  await nextTask();
  await start(container);
}
void boot(root);
