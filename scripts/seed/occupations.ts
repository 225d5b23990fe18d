// Occupations of demo members (masculine and feminine forms) with studies that fit each of them.

export interface Occupation {
  m: string;
  f: string;
  education: readonly string[];
}

const o = (m: string, f: string, ...education: string[]): Occupation => ({ m, f, education });

export const OCCUPATIONS: readonly Occupation[] = [
  o("Infirmier", "Infirmière", "Diplôme d’État en soins infirmiers"),
  o(
    "Enseignant",
    "Enseignante",
    "Licence de lettres modernes",
    "Licence en sciences de l’éducation",
    "Master MEEF",
  ),
  o("Comptable", "Comptable", "BTS en comptabilité et gestion", "Master en finance"),
  o("Ingénieur informatique", "Ingénieure informatique", "Diplôme d’ingénieur", "Master en informatique"),
  o("Commerçant", "Commerçante", "Baccalauréat", "BTS en commerce international"),
  o("Médecin", "Médecin", "Doctorat en médecine"),
  o("Pharmacien", "Pharmacienne", "Doctorat en pharmacie"),
  o("Juriste", "Juriste", "Master en droit des affaires", "Master en droit public"),
  o("Architecte", "Architecte", "Diplôme d’architecte"),
  o("Chef cuisinier", "Cheffe cuisinière", "CAP de cuisine", "BTS hôtellerie-restauration"),
  o("Journaliste", "Journaliste", "Master de journalisme", "Licence en sciences politiques"),
  o("Chargé de communication", "Chargée de communication", "Master en communication"),
  o("Entrepreneur", "Entrepreneure", "École de commerce", "Master en gestion"),
  o(
    "Conseiller commercial",
    "Conseillère commerciale",
    "BTS négociation et relation client",
    "Licence en économie",
  ),
  o(
    "Technicien en télécommunications",
    "Technicienne en télécommunications",
    "DUT réseaux et télécommunications",
  ),
  o("Graphiste", "Graphiste", "Licence en arts appliqués"),
  o("Kinésithérapeute", "Kinésithérapeute", "Diplôme d’État de masseur-kinésithérapeute"),
  o("Fonctionnaire", "Fonctionnaire", "Licence en droit", "Master en administration publique"),
  o("Conseiller bancaire", "Conseillère bancaire", "Master en finance", "Licence en économie"),
  o("Styliste", "Styliste", "École de mode"),
  o("Agent de voyages", "Agente de voyages", "BTS tourisme"),
  o("Électricien", "Électricienne", "CAP électricien", "BTS électrotechnique"),
  o("Sage-femme", "Sage-femme", "Diplôme d’État de sage-femme"),
  o("Chercheur en biologie", "Chercheuse en biologie", "Doctorat en biologie"),
  o("Agriculteur", "Agricultrice", "BTS agricole", "Baccalauréat"),
  o("Traducteur", "Traductrice", "Master en traduction", "Licence de langues étrangères appliquées"),
];

export const STUDENT = o(
  "Étudiant",
  "Étudiante",
  "Licence en économie (en cours)",
  "Licence en droit (en cours)",
  "Master en informatique (en cours)",
  "Études de médecine (en cours)",
  "BTS en commerce international (en cours)",
);

export const RETIRED = o(
  "Retraité",
  "Retraitée",
  "Baccalauréat",
  "Licence de lettres modernes",
  "Diplôme d’ingénieur",
  "Master en gestion",
  "CAP de cuisine",
);
