// Query keys of the member's blocks and shield standing, one factory.
export const safetyKeys = {
  blocks: ["blocks"] as const,
  shield: ["shield"] as const,
};
