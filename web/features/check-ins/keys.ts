// Query keys of the member's check-ins (issue 40), one factory.
export const checkInKeys = {
  all: ["check-ins"] as const,
};
