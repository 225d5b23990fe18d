// Query keys of the member's own profile, one factory.
export const profileKeys = {
  own: ["profile"] as const,
  /** The member's voice introduction (issue 37). */
  voiceIntro: ["profile", "voice-intro"] as const,
};
