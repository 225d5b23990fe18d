// Query keys of the member's blocks, one factory.
export const safetyKeys = {
  blocks: ["blocks"] as const,
};
