import type { ProfileDto } from "@domain/profile.ts";

export interface StepProps {
  /** The profile as the server has it. */
  profile: ProfileDto;
  /** Back to the previous step (none on the first). */
  onBack?: () => void;
  /** The step is saved on the server (or skipped): on to the next one. */
  onDone: (fresh: ProfileDto) => void;
  /** Id of the step's heading, which names its form. */
  labelledBy: string;
}
