// Query keys of the notification preferences, one factory.
export const notificationKeys = {
  settings: ["notifications", "preferences"] as const,
};
