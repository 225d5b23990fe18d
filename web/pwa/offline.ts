// The offline page (web/offline.html): back online, the page the member asked for is loaded again.
// The browser's « online » event only says a network interface is up (a captive portal, a phone
// between cells, or Chromium's own network emulation fire it too), so the page first asks the
// server whether it answers, and tries again a few seconds later while it does not.
const RETRY_MS = 5000;

let retry: ReturnType<typeof setTimeout> | undefined;

async function serverAnswers(): Promise<boolean> {
  try {
    const res = await fetch("/api/health", { cache: "no-store" });
    return res.ok;
  } catch {
    return false;
  }
}

async function reloadWhenBack(): Promise<void> {
  clearTimeout(retry);
  if (await serverAnswers()) window.location.reload();
  else if (navigator.onLine) retry = setTimeout(() => void reloadWhenBack(), RETRY_MS);
}

window.addEventListener("online", () => void reloadWhenBack());
