// Query keys of the conversations, their messages and the navigation's counts, one factory.
export const messageKeys = {
  conversations: ["conversations"] as const,
  /** Every conversation's cached messages. */
  allPages: ["messages"] as const,
  pages: (matchId: string) => ["messages", matchId] as const,
  /** The Matchs and Messages badges. */
  navCounts: ["nav-counts"] as const,
};
