// Query keys of the profile verification, one factory.
export const verificationKeys = {
  state: ["verification"] as const,
};
