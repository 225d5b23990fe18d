// Saving the profile form (PUT /api/profile) from /profile or a step of /onboarding: the server's
// field errors land on the fields, the first one focused, and one message sums up the refusal.
import type { ProfileDto, ProfileSave, ProfileUpdate } from "@domain/profile.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useUpdateProfile } from "./api.ts";
import { type ProfileFormValues, toProfileField } from "./profile-values.ts";

export const INVALID_FORM_MESSAGE = "Certaines informations sont à corriger. Vérifiez les champs signalés.";

export function useProfileSave(form: UseFormReturn<ProfileFormValues, unknown, ProfileUpdate>) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);

  /** Resolves to the saved profile, or null once the refusal is shown. */
  const save = async (values: ProfileSave): Promise<ProfileDto | null> => {
    setFormError(null);
    try {
      return await update.mutateAsync(values);
    } catch (err) {
      let focused = false;
      if (err instanceof ApiError && err.fields) {
        for (const [path, message] of Object.entries(err.fields)) {
          const field = toProfileField(path);
          if (!field) continue;
          form.setError(field, { type: "server", message });
          if (!focused && field !== "gender") {
            form.setFocus(field);
            focused = true;
          }
        }
      }
      setFormError(errorMessage(err));
      return null;
    }
  };

  return { save, formError, setFormError, invalid: () => setFormError(INVALID_FORM_MESSAGE) };
}
