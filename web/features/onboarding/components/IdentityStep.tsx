import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import {
  BirthDateField,
  CountryField,
  FirstNameField,
  GenderField,
  OriginCountryField,
} from "@web/features/profile/index.ts";
import { FormProvider } from "react-hook-form";
import { progressAfter, STEP_FIELDS } from "../steps.ts";
import { useStepSave } from "../use-step-save.ts";
import { StepActions } from "./StepActions.tsx";
import type { StepProps } from "./step-props.ts";

/**
 * First name, gender, birth date, country: the essentials, so this step cannot be skipped. Where the
 * member comes from is asked here too (optional), so that diaspora members are found by « Originaire
 * de » searches from the start; « Identique au pays de résidence » fills it in one tap.
 */
export function IdentityStep({ profile, onDone, labelledBy }: StepProps) {
  const { form, submit, formError } = useStepSave(profile, STEP_FIELDS.identity);
  const country = form.watch("country");
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
        <div className="flex flex-col gap-2">
          <OriginCountryField hint="Facultatif : le pays d’où vous venez. Les membres qui cherchent des personnes originaires de ce pays vous trouveront." />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="sm:w-fit"
            disabled={!country}
            onClick={() => form.setValue("originCountry", country, { shouldDirty: true })}
          >
            Identique au pays de résidence
          </Button>
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
