import {
  BIO_MAX_LENGTH,
  GENDERS,
  LIST_ITEM_MAX_LENGTH,
  LIST_MAX_ITEMS,
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "@domain/constants.ts";
import { COUNTRY_GROUPS } from "@domain/countries.ts";
import {
  GENDER_LABELS,
  INTEREST_SUGGESTIONS,
  LANGUAGE_SUGGESTIONS,
  LOOKING_FOR_OPTIONS,
  type ProfileDto,
  type ProfileUpdate,
  profileUpdateSchema,
} from "@domain/profile.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { TagInput } from "@web/components/ui/TagInput.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { useMemo, useState } from "react";
import { Controller, type FieldError, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useUpdateProfile } from "../api.ts";
import { birthDateBounds, type ProfileFormValues, toFormValues, toProfileField } from "../profile-values.ts";

// The schema requires a gender; the form may start without one and reports it on submit.
const resolver = zodResolver(profileUpdateSchema) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  ProfileUpdate
>;

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** First message of a field error, including array item errors (tag lists). */
function messageOf(error: FieldErrors<ProfileFormValues>[keyof ProfileFormValues]): string | undefined {
  if (!error) return undefined;
  if (typeof error.message === "string" && error.message) return error.message;
  const root = (error as { root?: FieldError }).root;
  if (root?.message) return root.message;
  if (Array.isArray(error)) {
    const first = (error as (FieldError | undefined)[]).find((item) => item?.message);
    return first?.message;
  }
  return undefined;
}

export function ProfileForm({ profile }: { profile: ProfileDto }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const bounds = useMemo(() => birthDateBounds(), []);
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver,
    defaultValues: toFormValues(profile),
  });
  const bioLength = watch("bio").length;

  const onSubmit = handleSubmit(
    async (values) => {
      setSaved(false);
      setFormError(null);
      try {
        const fresh = await update.mutateAsync(values);
        reset(toFormValues(fresh));
        setSaved(true);
      } catch (err) {
        let focused = false;
        if (err instanceof ApiError && err.fields) {
          for (const [path, message] of Object.entries(err.fields)) {
            const field = toProfileField(path);
            if (!field) continue;
            setError(field, { type: "server", message });
            if (!focused && field !== "gender") {
              setFocus(field);
              focused = true;
            }
          }
        }
        setFormError(errorMessage(err));
      }
    },
    () => {
      setSaved(false);
      setFormError("Certaines informations sont à corriger. Vérifiez les champs signalés.");
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Mes informations">
      <p className="text-sm text-ink-soft">Les champs marqués d'un astérisque (*) sont obligatoires.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-firstName" label="Prénom" required error={errors.firstName?.message}>
          {(c) => (
            <Input {...c} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} {...register("firstName")} />
          )}
        </Field>
        <Field id="profile-lastName" label="Nom" error={errors.lastName?.message}>
          {(c) => (
            <Input {...c} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} {...register("lastName")} />
          )}
        </Field>
      </div>

      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <RadioGroup
            name="profile-gender"
            legend="Genre"
            required
            options={GENDER_OPTIONS}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.gender?.message}
          />
        )}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-lookingFor" label="Je recherche" required error={errors.lookingFor?.message}>
          {(c) => (
            <Select {...c} {...register("lookingFor")}>
              {LOOKING_FOR_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="profile-birthDate"
          label="Date de naissance"
          required
          hint="Passerelle est réservé aux personnes de 18 ans ou plus."
          error={errors.birthDate?.message}
        >
          {(c) => (
            <Input
              {...c}
              type="date"
              min={bounds.min}
              max={bounds.max}
              autoComplete="bday"
              {...register("birthDate")}
            />
          )}
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-country" label="Pays" required error={errors.country?.message}>
          {(c) => (
            <Select {...c} autoComplete="off" {...register("country")}>
              <option value="">Choisissez un pays</option>
              {COUNTRY_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.countries.map((country) => (
                    <option key={country} value={country}>
                      {country}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="profile-phoneNumber"
          label="Téléphone"
          hint="Facultatif. Votre numéro n'est jamais montré aux autres membres."
          error={errors.phoneNumber?.message}
        >
          {(c) => <Input {...c} type="tel" autoComplete="tel" inputMode="tel" {...register("phoneNumber")} />}
        </Field>
      </div>

      <Field
        id="profile-bio"
        label="Présentation"
        hint="Parlez de vous, de ce qui vous anime et de la relation que vous souhaitez construire."
        aside={
          <span className={cn(bioLength > BIO_MAX_LENGTH && "font-semibold text-danger-700")}>
            {bioLength}/{BIO_MAX_LENGTH}
          </span>
        }
        error={errors.bio?.message}
      >
        {(c) => <Textarea {...c} rows={6} {...register("bio")} />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-occupation" label="Profession" error={errors.occupation?.message}>
          {(c) => (
            <Input
              {...c}
              autoComplete="organization-title"
              maxLength={SHORT_TEXT_MAX_LENGTH}
              {...register("occupation")}
            />
          )}
        </Field>
        <Field id="profile-education" label="Formation" error={errors.education?.message}>
          {(c) => <Input {...c} maxLength={SHORT_TEXT_MAX_LENGTH} {...register("education")} />}
        </Field>
      </div>

      <Controller
        control={control}
        name="languages"
        render={({ field }) => (
          <Field
            id="profile-languages"
            label="Langues"
            hint="Choisissez parmi les suggestions ou ajoutez une langue, puis appuyez sur Entrée."
            error={messageOf(errors.languages)}
          >
            {(c) => (
              <TagInput
                {...c}
                label="Langues"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                suggestions={LANGUAGE_SUGGESTIONS}
                maxItems={LIST_MAX_ITEMS}
                maxLength={LIST_ITEM_MAX_LENGTH}
                placeholder="Autre langue"
              />
            )}
          </Field>
        )}
      />

      <Controller
        control={control}
        name="interests"
        render={({ field }) => (
          <Field
            id="profile-interests"
            label="Centres d'intérêt"
            hint="Choisissez parmi les suggestions ou ajoutez un centre d'intérêt, puis appuyez sur Entrée."
            error={messageOf(errors.interests)}
          >
            {(c) => (
              <TagInput
                {...c}
                label="Centres d'intérêt"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                suggestions={INTEREST_SUGGESTIONS}
                maxItems={LIST_MAX_ITEMS}
                maxLength={LIST_ITEM_MAX_LENGTH}
                placeholder="Autre centre d'intérêt"
              />
            )}
          </Field>
        )}
      />

      <div className="flex flex-col gap-3">
        {formError && <Alert tone="error">{formError}</Alert>}
        {saved && !formError && <Alert tone="success">Profil enregistré</Alert>}
        <Button
          type="submit"
          size="lg"
          loading={isSubmitting}
          loadingText="Enregistrement…"
          className="sm:w-fit"
        >
          Enregistrer le profil
        </Button>
      </div>
    </form>
  );
}
