// Query keys of « Qui a vu mon profil », one factory.
export const visitKeys = {
  all: ["profile-visits"] as const,
};
