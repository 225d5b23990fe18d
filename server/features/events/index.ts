// The event streams' public surface: what other features and the composition use.
export { eventRoutes } from "./events.routes.ts";
export { streamReactions } from "./reactions.ts";
