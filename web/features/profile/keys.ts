// Query keys of the member's own profile, one factory.
export const profileKeys = {
  own: ["profile"] as const,
};
