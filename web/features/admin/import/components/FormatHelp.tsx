import { IMPORT_MAX_ROWS } from "@domain/admin.ts";
import { CITY_MAX_LENGTH } from "@domain/constants.ts";
import { GENDER_LABELS, LOOKING_FOR_OPTIONS, RELOCATE_LABELS, RELOCATE_OPTIONS } from "@domain/profile.ts";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { formatNumber, quoted } from "@web/lib/format.ts";
import { Download } from "lucide-react";
import { EXAMPLE_FILE, MAX_SIZE_LABEL } from "../api.ts";

const SAMPLE = `{
  "members": [
    {
      "email": "aminata.traore@example.com",
      "firstName": "Aminata",
      "lastName": "Traoré",
      "gender": "female",
      "birthDate": "1992-04-18",
      "lookingFor": "Une relation sérieuse",
      "country": "Mali",
      "originCountry": "Mali",
      "city": "Bamako",
      "relocate": "maybe",
      "languages": ["Français", "Bambara"],
      "interests": ["Cuisine", "Voyages"]
    }
  ]
}`;

const FIELDS: [string, string][] = [
  ["email", "Adresse e-mail du membre (obligatoire) : un membre existant est mis à jour, sinon il est créé."],
  ["firstName", "Prénom (obligatoire)."],
  ["lastName", "Nom."],
  ["gender", `${quoted("male")} (${GENDER_LABELS.male}) ou ${quoted("female")} (${GENDER_LABELS.female}).`],
  ["birthDate", "Date de naissance au format AAAA-MM-JJ, entre 18 et 99 ans."],
  ["lookingFor", `Une des valeurs : ${LOOKING_FOR_OPTIONS.map((o) => quoted(o)).join(", ")}.`],
  [
    "country",
    "Pays de résidence : un pays de la liste du formulaire de profil, par exemple « Sénégal » ou « France ».",
  ],
  ["originCountry", "Pays d’origine : un pays de la même liste, par exemple « Mali »."],
  ["city", `Ville, ${CITY_MAX_LENGTH} caractères au maximum.`],
  [
    "relocate",
    `Prêt(e) à déménager : ${RELOCATE_OPTIONS.map((o) => `${quoted(o)} (${RELOCATE_LABELS[o]})`).join(", ")}, ou null si non précisé.`,
  ],
  ["phoneNumber", "Téléphone, 8 à 15 chiffres (ex. +33 6 12 34 56 78)."],
  ["bio", "Présentation, 1 000 caractères au maximum."],
  ["occupation", "Profession."],
  ["education", "Formation."],
  ["languages", 'Liste de langues, par exemple ["Français", "Wolof"].'],
  ["interests", 'Liste de centres d\'intérêt, par exemple ["Musique", "Danse"].'],
];

export function FormatHelp() {
  return (
    <Card className="flex flex-col gap-4 sm:p-6">
      <h2 className="text-xl font-bold text-teal-900">Format attendu</h2>
      <p>
        Un tableau JSON de membres, ou un objet <code className="font-mono">{'{"members": [...]}'}</code>.
        Chaque membre est un objet avec son e-mail et les champs du profil, soumis aux mêmes règles que le
        formulaire des membres. Au plus {formatNumber(IMPORT_MAX_ROWS)} membres et {MAX_SIZE_LABEL} par
        fichier.
      </p>
      <details className="rounded-xl border border-sand-200 px-4 py-2">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-teal-800">
          Les champs un par un
        </summary>
        <dl className="grid gap-x-4 gap-y-2 pb-2 sm:grid-cols-[10rem_1fr]">
          {FIELDS.map(([name, text]) => (
            <div key={name} className="contents">
              <dt>
                <code className="font-mono text-sm">{name}</code>
              </dt>
              <dd className="text-ink-soft">{text}</dd>
            </div>
          ))}
        </dl>
      </details>
      <figure className="flex flex-col gap-2">
        <figcaption className="font-semibold">Exemple :</figcaption>
        <section
          aria-label="Exemple de fichier JSON"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the example scrolls sideways, which must be possible with the keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-xl bg-sand-100"
        >
          <pre className="w-fit p-4 font-mono text-sm">{SAMPLE}</pre>
        </section>
      </figure>
      <a
        href={EXAMPLE_FILE}
        download="exemple-import.json"
        className={buttonClasses("secondary", "sm", "w-fit")}
      >
        <Download className="size-4" aria-hidden="true" />
        Télécharger un fichier d’exemple (5 membres)
      </a>
    </Card>
  );
}
