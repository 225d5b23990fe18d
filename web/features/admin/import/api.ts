import type { ImportResultDto } from "@domain/admin.ts";
import { IMPORT_MAX_BYTES } from "@domain/admin.ts";
import { useMutation } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { adminApi, useRefreshAdmin } from "../shared/admin-api.ts";

/** Checks every row without writing anything. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (json: string) => call(adminApi.import.preview.$post({ json: { json } })),
  });
}

/** Creates or updates the valid rows, in one transaction. */
export function useRunImport() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (json: string) => call(adminApi.import.$post({ json: { json } })),
    onSuccess: () => void refresh(),
  });
}

export const EXAMPLE_FILE = "/admin/exemple-import.json";
export const MAX_SIZE_LABEL = `${IMPORT_MAX_BYTES / (1024 * 1024)} Mo`;
export const TOO_LARGE = `Le fichier dépasse la taille maximale de ${MAX_SIZE_LABEL}.`;

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** « 3 créés, 2 mis à jour, 1 ignoré » (0 and 1 are singular in French). */
export function resultSummary(r: ImportResultDto): string {
  const s = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;
  return `${s(r.created, "créé", "créés")}, ${s(r.updated, "mis à jour", "mis à jour")}, ${s(r.skipped, "ignoré", "ignorés")}`;
}

/** « Importer 4 profils valides » */
export function importLabel(valid: number): string {
  if (valid === 0) return "Aucun profil valide à importer";
  return valid === 1
    ? "Importer 1 profil valide"
    : `Importer ${valid.toLocaleString("fr-FR")} profils valides`;
}

const FIELD_LABELS: Record<string, string> = {
  email: "E-mail",
  firstName: "Prénom",
  lastName: "Nom",
  gender: "Genre",
  birthDate: "Date de naissance",
  lookingFor: "Recherche",
  country: "Pays de résidence",
  originCountry: "Pays d’origine",
  city: "Ville",
  relocate: "Prêt(e) à déménager",
  phoneNumber: "Téléphone",
  bio: "Présentation",
  occupation: "Profession",
  education: "Formation",
  languages: "Langues",
  interests: "Centres d’intérêt",
};

/** The French name of an error key ("languages.2" → « Langues »); null for the row as a whole. */
export function fieldLabel(key: string): string | null {
  if (key === "_" || key === "") return null;
  const head = key.split(".")[0] ?? key;
  return FIELD_LABELS[head] ?? key;
}
