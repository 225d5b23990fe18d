// Verifying one's profile (issue 16): where it stands, a challenge drawn after the member's consent,
// and the frames that answer it.
import type { ChallengeDto, VerificationStateDto } from "@domain/verification.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PROFILE_KEY } from "@web/features/profile/api.ts";
import { api, apiRequest } from "@web/lib/api.ts";

export const VERIFICATION_KEY = ["verification"] as const;

export function useVerificationState() {
  return useQuery({
    queryKey: VERIFICATION_KEY,
    queryFn: ({ signal }) => api.get<VerificationStateDto>("/api/verification", signal),
  });
}

/** A challenge: the gestures to make, in order, and until when. The member's consent is sent with it. */
export function startChallenge(): Promise<ChallengeDto> {
  return api.post<ChallengeDto>("/api/verification/challenge", { consent: true });
}

/** The frames answering `challengeId`, the first one before the gestures; the outcome in return. */
export function submitFrames(challengeId: string, frames: readonly Blob[]): Promise<VerificationStateDto> {
  const form = new FormData();
  form.set("challengeId", challengeId);
  for (const [i, frame] of frames.entries()) form.append("frames", frame, `image-${i + 1}.jpg`);
  return apiRequest<VerificationStateDto>("/api/verification", { method: "POST", body: form });
}

/** Puts a fresh state in the cache, and has the profile (its badge) read again. */
export function useStoreVerificationState() {
  const queryClient = useQueryClient();
  return (state: VerificationStateDto) => {
    queryClient.setQueryData(VERIFICATION_KEY, state);
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  };
}
