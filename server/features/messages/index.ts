// The messages feature's public surface: what other features and capabilities use. The rest of this
// folder is its own (the linter refuses other imports: biome.json, docs/decisions/0017).

export { type CallEnd, type CallEntry, writeCallEntry } from "./call-entries.ts";
export { matchNotFound, openConversation } from "./conversation-access.ts";
export { navCounts, unreadConversationsCount } from "./conversations.service.ts";
export { requestFor } from "./message-requests.ts";
export { messageRoutes } from "./messages.routes.ts";
export { announceDelivered } from "./messages.service.ts";
export { messageReactions } from "./reactions.ts";
export { moderatedText, receivedText } from "./received-text.ts";
