// French wording of demo bios: sentence templates filled with the member's city, occupation and
// interests. Gendered forms come in [masculine, feminine] pairs.
import type { Gender } from "@domain/constants.ts";

export type Pair = readonly [string, string];

/** How each suggested interest reads inside a sentence, with its article. */
const INTEREST_PHRASES: Record<string, string> = {
  Rencontre: "les rencontres",
  Voyages: "les voyages",
  Cuisine: "la cuisine",
  Musique: "la musique",
  Danse: "la danse",
  Lecture: "la lecture",
  Cinéma: "le cinéma",
  Sport: "le sport",
  Football: "le football",
  Randonnée: "la randonnée",
  Art: "l’art",
  Photographie: "la photographie",
  Mode: "la mode",
  Spiritualité: "la spiritualité",
  Famille: "la famille",
  Entrepreneuriat: "l’entrepreneuriat",
  Nature: "la nature",
  Langues: "les langues",
  Histoire: "l’histoire",
  Bénévolat: "le bénévolat",
};

const phrase = (interest: string) => INTEREST_PHRASES[interest] ?? interest.toLowerCase();

/** "le sport" → "au sport", "les voyages" → "aux voyages". */
function withA(p: string): string {
  if (p.startsWith("les ")) return `aux ${p.slice(4)}`;
  if (p.startsWith("le ")) return `au ${p.slice(3)}`;
  return `à ${p}`;
}

/** "le sport" → "du sport", "les voyages" → "des voyages". */
function withDe(p: string): string {
  if (p.startsWith("les ")) return `des ${p.slice(4)}`;
  if (p.startsWith("le ")) return `du ${p.slice(3)}`;
  return `de ${p}`;
}

/** "la cuisine" → "cuisine", "l'art" → "art": the noun without its article. */
const bare = (p: string) => p.replace(/^(les |le |la |l')/, "");

/** "de" with elision: "d'art", "de cuisine". */
const de = (word: string) => (/^[aeiouyhéèêàâîïôû]/i.test(word) ? `d’${word}` : `de ${word}`);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const low = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const TRAITS: readonly Pair[] = [
  ["calme et attentionné", "calme et attentionnée"],
  ["souriant et curieux", "souriante et curieuse"],
  ["posé et fidèle", "posée et fidèle"],
  ["joyeux et ouvert d’esprit", "joyeuse et ouverte d’esprit"],
  ["sérieux et chaleureux", "sérieuse et chaleureuse"],
  ["simple et généreux", "simple et généreuse"],
  ["patient et plein d’humour", "patiente et pleine d’humour"],
];

export interface BioContext {
  gender: Gender;
  firstName: string;
  city: string;
  occupation: string;
  stage: "working" | "student" | "retired";
  interests: readonly string[];
  lookingFor: string;
}

type Template = (c: BioContext, g: (p: Pair) => string, trait: string) => string;

const OPENINGS: readonly Template[] = [
  (c) => `Je vis à ${c.city} et je suis ${low(c.occupation)}.`,
  (c, g) => `${g(["Né", "Née"])} à ${c.city}, je travaille comme ${low(c.occupation)}.`,
  (c, _g, t) => `${c.occupation} à ${c.city}, je me décris comme ${t}.`,
  (c) => `Je m’appelle ${c.firstName} et j’habite à ${c.city}.`,
  (c, _g, t) => `${cap(t)}, je partage mon temps entre mon métier ${de(low(c.occupation))} et mes proches.`,
];

const RETIRED_OPENINGS: readonly Template[] = [
  (c, g) => `Jeune ${g(["retraité", "retraitée"])}, je profite enfin du temps libre à ${c.city}.`,
  (c, _g, t) => `J’habite à ${c.city}, je me décris comme ${t} et j’ai désormais du temps pour les autres.`,
];

const STUDENT_OPENINGS: readonly Template[] = [
  (c) => `Je fais mes études à ${c.city}.`,
  (c, _g, t) => `${c.occupation} à ${c.city}, je me décris comme ${t}.`,
  (c) => `Je m’appelle ${c.firstName}, je suis ${low(c.occupation)} et j’habite à ${c.city}.`,
];

const MIDDLES: readonly ((a: string, b: string, g: (p: Pair) => string) => string)[] = [
  (a, b) => `J’aime ${a} et ${b}.`,
  (a, b) => `Mon temps libre, je le consacre ${withA(a)} et ${withA(b)}.`,
  (a, _b, g) => `Je suis ${g(["passionné", "passionnée"])} ${de(bare(a))}.`,
  (a, b) => `${cap(a)} et ${b} tiennent une grande place dans ma vie.`,
  (a, b) => `J’apprécie les discussions autour ${withDe(a)} comme ${withDe(b)}.`,
];

const CLOSINGS: Record<string, readonly ((g: (p: Pair) => string) => string)[]> = {
  "Une relation sérieuse": [
    () => "Je cherche une relation sérieuse, fondée sur le respect et la confiance.",
    () => "J’aimerais rencontrer une personne sincère pour construire quelque chose de durable.",
  ],
  "Le mariage": [
    () => "Je souhaite fonder un foyer avec une personne qui partage mes valeurs.",
    () => "Mon souhait : rencontrer la personne avec qui m’engager pour la vie.",
  ],
  "Faire connaissance avant tout": [
    () => "Je préfère prendre le temps de faire connaissance, sans précipitation.",
    () => "Échangeons d’abord, et voyons où la conversation nous mène.",
  ],
  "Une amitié": [
    (g) => `Je serais ${g(["ravi", "ravie"])} de nouer de belles amitiés entre nos deux continents.`,
    () => "Je cherche avant tout des échanges amicaux et bienveillants.",
  ],
  "Des échanges culturels": [
    () => "J’aime découvrir d’autres cultures et partager la mienne.",
    () => "Les échanges entre cultures m’enrichissent, au plaisir de vous lire.",
  ],
};

/** A bio of one to three sentences; `pick` chooses among variants (a seeded random source). */
export function writeBio(
  c: BioContext,
  pick: <T>(items: readonly T[]) => T,
  chance: (p: number) => boolean,
): string {
  const g = (p: Pair) => (c.gender === "male" ? p[0] : p[1]);
  const trait = g(pick(TRAITS));
  const sentences = [
    pick(c.stage === "retired" ? RETIRED_OPENINGS : c.stage === "student" ? STUDENT_OPENINGS : OPENINGS)(
      c,
      g,
      trait,
    ),
  ];
  // Hobbies first: "passionné de famille" would sound odd.
  const quiet = ["Famille", "Spiritualité"];
  const topics = c.interests
    .filter((i) => i !== "Rencontre")
    .sort((a, b) => Number(quiet.includes(a)) - Number(quiet.includes(b)));
  if (topics.length >= 2 && chance(0.8)) {
    sentences.push(pick(MIDDLES)(phrase(topics[0]!), phrase(topics[1]!), g));
  }
  const closings = CLOSINGS[c.lookingFor];
  if (closings && (sentences.length === 1 || chance(0.7))) sentences.push(pick(closings)(g));
  return sentences.join(" ");
}
