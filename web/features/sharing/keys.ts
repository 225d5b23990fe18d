// Query keys of the member's shared links (issue 40), one factory.
export const shareKeys = {
  all: ["shared-cards"] as const,
};
