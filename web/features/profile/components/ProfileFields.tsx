// The profile's form controls, one component per field, shared by /profile (ProfileForm), the
// guided first profile (/onboarding) and the administrators' profile form (where the member lives
// and comes from). Each reads the form from react-hook-form's context, so a page lays them out as it
// likes inside a <FormProvider>; the rules are domain/profile.ts's.
import {
  BIO_MAX_LENGTH,
  CITY_MAX_LENGTH,
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
  RELOCATE_LABELS,
  RELOCATE_OPTIONS,
} from "@domain/profile.ts";
import { cn } from "@web/components/ui/cn.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { TagInput } from "@web/components/ui/TagInput.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { useMemo } from "react";
import { Controller, type FieldError, type FieldErrors, useFormContext } from "react-hook-form";
import { birthDateBounds, type ProfileFormValues } from "../profile-values.ts";

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

const useProfileForm = () => useFormContext<ProfileFormValues>();

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

export function FirstNameField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-firstName" label="Prénom" required error={formState.errors.firstName?.message}>
      {(c) => (
        <Input {...c} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} {...register("firstName")} />
      )}
    </Field>
  );
}

export function LastNameField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-lastName" label="Nom" error={formState.errors.lastName?.message}>
      {(c) => (
        <Input {...c} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} {...register("lastName")} />
      )}
    </Field>
  );
}

export function GenderField() {
  const { control, formState } = useProfileForm();
  return (
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
          error={formState.errors.gender?.message}
        />
      )}
    />
  );
}

export function LookingForField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-lookingFor" label="Je recherche" required error={formState.errors.lookingFor?.message}>
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
  );
}

/**
 * `confirmed` false: the stored date is the default one (docs/decisions/0010); the field is empty
 * (see toFormValues) and says why it matters.
 */
export function BirthDateField({ confirmed }: { confirmed: boolean }) {
  const { register, formState } = useProfileForm();
  const bounds = useMemo(() => birthDateBounds(), []);
  return (
    <Field
      id="profile-birthDate"
      label="Date de naissance"
      required
      hint={
        confirmed
          ? "Passerelle est réservé aux personnes de 18 ans ou plus."
          : "Pas encore indiquée : tant qu’elle manque, les autres membres ne vous voient pas et vous ne pouvez pas leur écrire. Passerelle est réservé aux personnes de 18 ans ou plus."
      }
      error={formState.errors.birthDate?.message}
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
  );
}

/** The countries, one group per region (francophone countries first in each). */
export function CountryOptions() {
  return COUNTRY_GROUPS.map((group) => (
    <optgroup key={group.label} label={group.label}>
      {group.countries.map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </optgroup>
  ));
}

export function CountryField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-country" label="Pays de résidence" required error={formState.errors.country?.message}>
      {(c) => (
        <Select {...c} autoComplete="off" {...register("country")}>
          <option value="">Choisissez un pays</option>
          <CountryOptions />
        </Select>
      )}
    </Field>
  );
}

/** `hint`: the member's own unless given (the administrators' form does not say « vous »). */
export function OriginCountryField({
  hint = "Facultatif : le pays d’où vous venez, s’il n’est pas celui où vous vivez.",
}: {
  hint?: string;
}) {
  const { register, formState } = useProfileForm();
  return (
    <Field
      id="profile-originCountry"
      label="Pays d’origine"
      hint={hint}
      error={formState.errors.originCountry?.message}
    >
      {(c) => (
        <Select {...c} autoComplete="off" {...register("originCountry")}>
          <option value="">Ne pas préciser</option>
          <CountryOptions />
        </Select>
      )}
    </Field>
  );
}

export function CityField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-city" label="Ville" hint="Facultatif." error={formState.errors.city?.message}>
      {(c) => (
        <Input {...c} autoComplete="address-level2" maxLength={CITY_MAX_LENGTH} {...register("city")} />
      )}
    </Field>
  );
}

export function RelocateField() {
  const { register, formState, watch } = useProfileForm();
  const ready = watch("gender") === "female" ? "Prête" : "Prêt(e)";
  return (
    <Field
      id="profile-relocate"
      label={`${ready} à déménager pour la bonne personne ?`}
      hint="Facultatif."
      error={formState.errors.relocate?.message}
    >
      {(c) => (
        <Select {...c} {...register("relocate")}>
          <option value="">Ne pas préciser</option>
          {RELOCATE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {RELOCATE_LABELS[option]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function PhoneField() {
  const { register, formState } = useProfileForm();
  return (
    <Field
      id="profile-phoneNumber"
      label="Téléphone"
      hint="Facultatif. Votre numéro n’est jamais montré aux autres membres."
      error={formState.errors.phoneNumber?.message}
    >
      {(c) => <Input {...c} type="tel" autoComplete="tel" inputMode="tel" {...register("phoneNumber")} />}
    </Field>
  );
}

export function BioField({ rows = 6 }: { rows?: number }) {
  const { register, formState, watch } = useProfileForm();
  const length = watch("bio").length;
  return (
    <Field
      id="profile-bio"
      label="Présentation"
      hint="Parlez de vous, de ce qui vous anime et de la relation que vous souhaitez construire."
      aside={
        <span className={cn(length > BIO_MAX_LENGTH && "font-semibold text-danger-700")}>
          {length}/{BIO_MAX_LENGTH}
        </span>
      }
      error={formState.errors.bio?.message}
    >
      {(c) => <Textarea {...c} rows={rows} {...register("bio")} />}
    </Field>
  );
}

export function OccupationField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-occupation" label="Profession" error={formState.errors.occupation?.message}>
      {(c) => (
        <Input
          {...c}
          autoComplete="organization-title"
          maxLength={SHORT_TEXT_MAX_LENGTH}
          {...register("occupation")}
        />
      )}
    </Field>
  );
}

export function EducationField() {
  const { register, formState } = useProfileForm();
  return (
    <Field id="profile-education" label="Formation" error={formState.errors.education?.message}>
      {(c) => <Input {...c} maxLength={SHORT_TEXT_MAX_LENGTH} {...register("education")} />}
    </Field>
  );
}

const LISTS = {
  languages: {
    label: "Langues",
    hint: "Choisissez parmi les suggestions ou ajoutez une langue, puis appuyez sur Entrée.",
    suggestions: LANGUAGE_SUGGESTIONS,
    placeholder: "Autre langue",
  },
  interests: {
    label: "Centres d’intérêt",
    hint: "Choisissez parmi les suggestions ou ajoutez un centre d’intérêt, puis appuyez sur Entrée.",
    suggestions: INTEREST_SUGGESTIONS,
    placeholder: "Autre centre d’intérêt",
  },
} as const;

function ListField({ name }: { name: keyof typeof LISTS }) {
  const { control, formState } = useProfileForm();
  const list = LISTS[name];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field
          id={`profile-${name}`}
          label={list.label}
          hint={list.hint}
          error={messageOf(formState.errors[name])}
        >
          {(c) => (
            <TagInput
              {...c}
              label={list.label}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              suggestions={list.suggestions}
              maxItems={LIST_MAX_ITEMS}
              maxLength={LIST_ITEM_MAX_LENGTH}
              placeholder={list.placeholder}
            />
          )}
        </Field>
      )}
    />
  );
}

export const LanguagesField = () => <ListField name="languages" />;
export const InterestsField = () => <ListField name="interests" />;
