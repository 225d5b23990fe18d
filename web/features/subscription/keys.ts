// Query keys of the subscription, its status (the access gate) and checkouts, one factory.
export const subscriptionKeys = {
  status: ["subscription-status"] as const,
  overview: ["subscription"] as const,
  teaser: ["subscription", "teaser"] as const,
  checkout: (id: string | null) => ["checkout", id] as const,
};
