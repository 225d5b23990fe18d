import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { PhotoManager } from "@web/features/profile/index.ts";
import { progressAfter } from "../steps.ts";
import { useStepSave } from "../use-step-save.ts";
import { StepActions } from "./StepActions.tsx";
import type { StepProps } from "./step-props.ts";

/** Photos are saved as they are added (PhotoManager); the step only records that it is passed. */
export function PhotosStep({ profile, onBack, onDone, labelledBy }: StepProps) {
  const { advance, advancing, formError } = useStepSave(profile, []);
  const hasPhoto = profile.photos.length > 0;
  return (
    <section aria-labelledby={labelledBy} className="flex flex-col gap-6">
      <PhotoManager photos={profile.photos} firstName={profile.firstName} />
      {formError && <Alert tone="error">{formError}</Alert>}
      <StepActions onBack={onBack}>
        <Button
          variant={hasPhoto ? "primary" : "secondary"}
          size="lg"
          loading={advancing}
          loadingText="Enregistrement…"
          onClick={() => void advance(progressAfter("photos"), onDone)}
        >
          {hasPhoto ? "Continuer" : "Passer cette étape"}
        </Button>
      </StepActions>
    </section>
  );
}
