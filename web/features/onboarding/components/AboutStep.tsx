import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import {
  BioField,
  FirstMessageSetting,
  InterestsField,
  LanguagesField,
  LookingForField,
} from "@web/features/profile/index.ts";
import { FormProvider } from "react-hook-form";
import { progressAfter, STEP_FIELDS } from "../steps.ts";
import { useStepSave } from "../use-step-save.ts";
import { StepActions } from "./StepActions.tsx";
import type { StepProps } from "./step-props.ts";

/** What the member looks for, their languages, interests and a few words: all optional. */
export function AboutStep({ profile, onBack, onDone, labelledBy }: StepProps) {
  const { form, submit, advance, advancing, formError } = useStepSave(profile, STEP_FIELDS.about);
  const done = progressAfter("about");
  const busy = form.formState.isSubmitting || advancing;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby={labelledBy}
        onSubmit={submit(done, onDone)}
        className="flex flex-col gap-6"
      >
        <LookingForField />
        <LanguagesField />
        <InterestsField />
        <BioField rows={4} />
        {/* Saved on its own as soon as it changes, like in « Vie privée ». */}
        <FirstMessageSetting profile={profile} />
        {formError && <Alert tone="error">{formError}</Alert>}
        <StepActions onBack={onBack}>
          <Button
            variant="ghost"
            size="lg"
            disabled={busy}
            loading={advancing}
            loadingText="Enregistrement…"
            onClick={() => void advance(done, onDone)}
          >
            Passer cette étape
          </Button>
          <Button
            type="submit"
            size="lg"
            disabled={busy}
            loading={form.formState.isSubmitting}
            loadingText="Enregistrement…"
          >
            Terminer
          </Button>
        </StepActions>
      </form>
    </FormProvider>
  );
}
