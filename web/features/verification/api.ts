// Verifying one's profile (issue 16): where it stands, a challenge drawn after the member's consent,
// and the frames that answer it.
import type { ChallengeDto, VerificationStateDto } from "@domain/verification.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { profileKeys } from "@web/features/profile/index.ts";
import { api, call, cancelledBy } from "@web/lib/api.ts";
import { verificationKeys } from "./keys.ts";

export function useVerificationState() {
  return useQuery({
    queryKey: verificationKeys.state,
    queryFn: ({ signal }) => call(api.verification.$get(undefined, cancelledBy(signal))),
  });
}

/** A challenge: the gestures to make, in order, and until when. The member's consent is sent with it. */
export function startChallenge(): Promise<ChallengeDto> {
  return call(api.verification.challenge.$post({ json: { consent: true } }));
}

/**
 * The frames answering `challengeId`, in the order taken, and when each was taken (milliseconds from
 * the start of the capture); the outcome in return.
 */
export function submitFrames(
  challengeId: string,
  frames: readonly Blob[],
  times: readonly number[],
): Promise<VerificationStateDto> {
  // Named files, as a camera's would be (hc's form would send them as « blob »).
  const named = frames.map((frame, i) => new File([frame], `image-${i + 1}.jpg`, { type: frame.type }));
  return call(api.verification.$post({ form: { challengeId, frames: named, times: times.map(String) } }));
}

/** Puts a fresh state in the cache, and has the profile (its badge) read again. */
export function useStoreVerificationState() {
  const queryClient = useQueryClient();
  return (state: VerificationStateDto) => {
    queryClient.setQueryData(verificationKeys.state, state);
    void queryClient.invalidateQueries({ queryKey: profileKeys.own });
  };
}
