// Debian's Chromium, as the browser benches drive it (Playwright, or Lighthouse's own launcher).
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync";

export const launchChromium = () =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.split(" ") });
