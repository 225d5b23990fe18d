import type { AdminProfileRow } from "@domain/admin.ts";
import {
  BIO_MAX_LENGTH,
  GENDERS,
  LIST_ITEM_MAX_LENGTH,
  LIST_MAX_ITEMS,
  NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "@domain/constants.ts";
import {
  GENDER_LABELS,
  INTEREST_SUGGESTIONS,
  LANGUAGE_SUGGESTIONS,
  LOOKING_FOR_OPTIONS,
  type ProfileUpdate,
} from "@domain/profile.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { TagInput } from "@web/components/ui/TagInput.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import {
  birthDateBounds,
  CityField,
  CountryOptions,
  OriginCountryField,
  RelocateField,
  toProfileField,
} from "@web/features/profile/index.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { useMemo, useRef, useState } from "react";
import { Controller, type FieldError, FormProvider, useForm } from "react-hook-form";
import { useUpdateAdminProfile } from "../api.ts";
import { changedFieldsResolver, type ProfileFormValues, toFormValues } from "../profile-form-values.ts";

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** First message of a field error, including tag list item errors. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as FieldError & { root?: FieldError };
  if (typeof e.message === "string" && e.message) return e.message;
  if (e.root?.message) return e.root.message;
  if (Array.isArray(error)) return (error as (FieldError | undefined)[]).find((i) => i?.message)?.message;
  return undefined;
}

type Result = { tone: "success" | "error" | "info"; text: string } | null;

/** Edits a member's profile with the rules of the member's own form; only changed fields are sent. */
export function AdminProfileForm({ row }: { row: AdminProfileRow }) {
  const update = useUpdateAdminProfile(row.userId);
  const original = useRef(toFormValues(row));
  const [result, setResult] = useState<Result>(null);
  const bounds = useMemo(() => birthDateBounds(), []);
  const resolver = useMemo(() => changedFieldsResolver(() => original.current), []);
  // Provided to the member form's own field components (where the member lives and comes from).
  const form = useForm<ProfileFormValues, unknown, Partial<ProfileUpdate>>({
    resolver,
    defaultValues: original.current,
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const bioLength = watch("bio").length;

  const onSubmit = handleSubmit(
    async (changes) => {
      setResult(null);
      if (Object.keys(changes).length === 0) {
        setResult({ tone: "info", text: "Aucune modification à enregistrer." });
        return;
      }
      try {
        const fresh = await update.mutateAsync(changes);
        original.current = toFormValues(fresh);
        reset(original.current);
        setResult({ tone: "success", text: "Profil enregistré." });
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
        setResult({ tone: "error", text: errorMessage(err) });
      }
    },
    () =>
      setResult({
        tone: "error",
        text: "Certaines informations sont à corriger. Vérifiez les champs signalés.",
      }),
  );

  const id = (name: string) => `admin-profile-${name}`;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Modifier le profil">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id("firstName")} label="Prénom" required error={errors.firstName?.message}>
            {(c) => <Input {...c} maxLength={NAME_MAX_LENGTH} {...register("firstName")} />}
          </Field>
          <Field id={id("lastName")} label="Nom" error={errors.lastName?.message}>
            {(c) => <Input {...c} maxLength={NAME_MAX_LENGTH} {...register("lastName")} />}
          </Field>
        </div>

        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <RadioGroup
              name={id("gender")}
              legend="Genre"
              options={GENDER_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.gender?.message}
            />
          )}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id("lookingFor")} label="Recherche" error={errors.lookingFor?.message}>
            {(c) => (
              <Select {...c} {...register("lookingFor")}>
                {LOOKING_FOR_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id={id("birthDate")}
            label="Date de naissance"
            hint={
              row.birthDateConfirmed
                ? undefined
                : "Non confirmée : le membre ne l’a pas encore indiquée. Une date saisie ici vaut confirmation."
            }
            error={errors.birthDate?.message}
          >
            {(c) => <Input {...c} type="date" min={bounds.min} max={bounds.max} {...register("birthDate")} />}
          </Field>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id("country")} label="Pays de résidence" error={errors.country?.message}>
            {(c) => (
              <Select {...c} {...register("country")}>
                <option value="">Non renseigné</option>
                <CountryOptions />
              </Select>
            )}
          </Field>
          <CityField />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <OriginCountryField hint="Facultatif." />
          <RelocateField />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id("phoneNumber")} label="Téléphone" error={errors.phoneNumber?.message}>
            {(c) => <Input {...c} type="tel" inputMode="tel" {...register("phoneNumber")} />}
          </Field>
        </div>

        <Field
          id={id("bio")}
          label="Présentation"
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
          <Field id={id("occupation")} label="Profession" error={errors.occupation?.message}>
            {(c) => <Input {...c} maxLength={SHORT_TEXT_MAX_LENGTH} {...register("occupation")} />}
          </Field>
          <Field id={id("education")} label="Formation" error={errors.education?.message}>
            {(c) => <Input {...c} maxLength={SHORT_TEXT_MAX_LENGTH} {...register("education")} />}
          </Field>
        </div>

        {(
          [
            ["languages", "Langues", LANGUAGE_SUGGESTIONS, "Autre langue"],
            ["interests", "Centres d’intérêt", INTEREST_SUGGESTIONS, "Autre centre d’intérêt"],
          ] as const
        ).map(([name, label, suggestions, placeholder]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Field id={id(name)} label={label} error={messageOf(errors[name])}>
                {(c) => (
                  <TagInput
                    {...c}
                    label={label}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    suggestions={suggestions}
                    maxItems={LIST_MAX_ITEMS}
                    maxLength={LIST_ITEM_MAX_LENGTH}
                    placeholder={placeholder}
                  />
                )}
              </Field>
            )}
          />
        ))}

        <div className="flex flex-col gap-3">
          <div aria-live="polite" className="empty:hidden">
            {result && <Alert tone={result.tone}>{result.text}</Alert>}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={isSubmitting} loadingText="Enregistrement…">
              Enregistrer les modifications
            </Button>
            <Button
              variant="ghost"
              disabled={!isDirty || isSubmitting}
              onClick={() => {
                reset(original.current);
                setResult(null);
              }}
            >
              Annuler les modifications
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
