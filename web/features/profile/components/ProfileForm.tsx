import { type ProfileDto, type ProfileUpdate, profileUpdateSchema } from "@domain/profile.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { useState } from "react";
import { FormProvider, type Resolver, useForm } from "react-hook-form";
import { type ProfileFormValues, toFormValues } from "../profile-values.ts";
import { useProfileSave } from "../use-profile-save.ts";
import {
  BioField,
  BirthDateField,
  CityField,
  CountryField,
  EducationField,
  FirstNameField,
  GenderField,
  InterestsField,
  LanguagesField,
  LastNameField,
  LookingForField,
  OccupationField,
  OriginCountryField,
  PhoneField,
  RelocateField,
} from "./ProfileFields.tsx";

// The schema requires a gender and a birth date; the form may start without them and reports them
// on submit.
export const profileResolver = zodResolver(profileUpdateSchema) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  ProfileUpdate
>;

export function ProfileForm({ profile }: { profile: ProfileDto }) {
  const [saved, setSaved] = useState(false);
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profileResolver,
    defaultValues: toFormValues(profile),
  });
  const { save, formError, invalid } = useProfileSave(form);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSaved(false);
      const fresh = await save(values);
      if (!fresh) return;
      form.reset(toFormValues(fresh));
      setSaved(true);
    },
    () => {
      setSaved(false);
      invalid();
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Mes informations">
        <p className="text-sm text-ink-soft">Les champs marqués d’un astérisque (*) sont obligatoires.</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <FirstNameField />
          <LastNameField />
        </div>

        <GenderField />

        <div className="grid gap-5 sm:grid-cols-2">
          <LookingForField />
          <BirthDateField confirmed={profile.birthDateConfirmed} />
        </div>

        <fieldset className="flex flex-col gap-5">
          <legend className="mb-3 font-semibold text-teal-900">Où vous vivez, d’où vous venez</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <CountryField />
            <CityField />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <OriginCountryField />
            <RelocateField />
          </div>
        </fieldset>

        <PhoneField />

        <BioField />

        <div className="grid gap-5 sm:grid-cols-2">
          <OccupationField />
          <EducationField />
        </div>

        <LanguagesField />
        <InterestsField />

        <div className="flex flex-col gap-3">
          {formError && <Alert tone="error">{formError}</Alert>}
          {saved && !formError && <Alert tone="success">Profil enregistré</Alert>}
          <Button
            type="submit"
            size="lg"
            loading={form.formState.isSubmitting}
            loadingText="Enregistrement…"
            className="sm:w-fit"
          >
            Enregistrer le profil
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
