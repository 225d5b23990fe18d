// Query keys of the matches, one factory: other features and the app refresh through it.
export const matchKeys = {
  all: ["matches"] as const,
};
