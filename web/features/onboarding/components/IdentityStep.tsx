import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { BirthDateField, CountryField, FirstNameField, GenderField } from "@web/features/profile/index.ts";
import { FormProvider } from "react-hook-form";
import { progressAfter, STEP_FIELDS } from "../steps.ts";
import { useStepSave } from "../use-step-save.ts";
import { StepActions } from "./StepActions.tsx";
import type { StepProps } from "./step-props.ts";

/** First name, gender, birth date, country: the essentials, so this step cannot be skipped. */
export function IdentityStep({ profile, onDone, labelledBy }: StepProps) {
  const { form, submit, formError } = useStepSave(profile, STEP_FIELDS.identity);
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby={labelledBy}
        onSubmit={submit(progressAfter("identity"), onDone)}
        className="flex flex-col gap-6"
      >
        <FirstNameField />
        <GenderField />
        <div className="grid gap-5 sm:grid-cols-2">
          <BirthDateField confirmed={profile.birthDateConfirmed} />
          <CountryField />
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <StepActions>
          <Button type="submit" size="lg" loading={form.formState.isSubmitting} loadingText="Enregistrement…">
            Continuer
          </Button>
        </StepActions>
      </form>
    </FormProvider>
  );
}
