// npm run vapid:keys — prints a new pair of Web Push (VAPID) keys for production's environment.
// Generate them once: a new pair makes every member's existing push subscription useless.
import { vapidEnv } from "../server/platform/settings/vapid-keys.ts";

const env = vapidEnv();
console.log(`VAPID_PUBLIC_KEY=${env.VAPID_PUBLIC_KEY}\nVAPID_PRIVATE_KEY=${env.VAPID_PRIVATE_KEY}`);
