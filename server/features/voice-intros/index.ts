// The voice introduction's public surface (issue 37): its routes. The rest of this folder is its own.
export { myVoiceIntroRoutes, voiceIntroRoutes } from "./voice-intros.routes.ts";
