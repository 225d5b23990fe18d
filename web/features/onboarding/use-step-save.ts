// Saving a step of the guided first profile: PUT /api/profile with the whole profile (the step's
// fields as edited, the others as stored) and the step to resume at, so a reload comes back here.
import { type ProfileDto, type ProfileUpdate, profileUpdateSchema } from "@domain/profile.ts";
import {
  INVALID_FORM_MESSAGE,
  type ProfileField,
  type ProfileFormValues,
  profileResolver,
  toFormValues,
  useProfileSave,
} from "@web/features/profile/index.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";

/** A stored field the step does not show is invalid (it cannot be, short of a rule changing since). */
export const STORED_FIELD_INVALID =
  "Certaines informations déjà enregistrées sont à corriger : ouvrez votre profil pour les compléter.";

export function useStepSave(profile: ProfileDto, fields: readonly ProfileField[]) {
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profileResolver,
    defaultValues: toFormValues(profile),
  });
  const { save, formError, setFormError } = useProfileSave(form);
  const [advancing, setAdvancing] = useState(false);

  /** Checks and saves the form's values; `onSaved` runs once the server has them. */
  const submit = (onboardingStep: number, onSaved: (fresh: ProfileDto) => void) =>
    form.handleSubmit(
      async (values) => {
        const fresh = await save({ ...values, onboardingStep });
        if (fresh) onSaved(fresh);
      },
      (errors) => {
        const elsewhere = Object.keys(errors).some((k) => !fields.includes(k as ProfileField));
        setFormError(elsewhere ? STORED_FIELD_INVALID : INVALID_FORM_MESSAGE);
      },
    );

  /**
   * Moves on without the form (« Passer cette étape », or the photos step, whose photos are saved as
   * they are added): the stored profile as it is, with the next step.
   */
  const advance = async (onboardingStep: number, onSaved: (fresh: ProfileDto) => void) => {
    const stored = profileUpdateSchema.safeParse(toFormValues(profile));
    if (!stored.success) {
      setFormError(STORED_FIELD_INVALID);
      return;
    }
    setAdvancing(true);
    const fresh = await save({ ...stored.data, onboardingStep });
    setAdvancing(false);
    if (fresh) onSaved(fresh);
  };

  return { form, submit, advance, advancing, formError };
}
