// The notifications capability's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).

export { AWAY } from "./email-outbox.ts";
export { notificationJobs } from "./jobs.ts";
export { sendPush } from "./push.ts";
export { NOTIFICATION_QUEUES } from "./queues.ts";
export { notificationReactions } from "./reactions.ts";
