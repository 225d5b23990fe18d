// French grammar for copy put together from parts (issue 34): « de » elided before a name that starts
// with a vowel or a mute h (« le profil d'Abdoulaye F. », « le message d'Awa »), and a sentence ending
// in a name that already ends with an initial's full stop (« Moussa C. ») getting no second one.
// One helper, used by the interface, the e-mails and the server's messages.

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;
/** A vowel after h or y: « Hélène », « Habib » take « d' »; « Yao », « Yasmine » keep « de ». */
const H_THEN_VOWEL = /^h[aeiouyàâäéèêëîïôöùûüœæ]/i;
const Y_THEN_VOWEL = /^y[aeiouàâäéèêëîïôöùûüœæ]/i;

/** Whether « de », « le », « que » elide before `word` (names: an initial h is taken as mute). */
export function elidesBefore(word: string): boolean {
  const w = word.trimStart();
  if (Y_THEN_VOWEL.test(w)) return false;
  return VOWEL.test(w) || H_THEN_VOWEL.test(w);
}

/** « d'Abdoulaye F. », « d'Hélène », « de Julien M. », « de Yao K. ». */
export function deName(name: string): string {
  return elidesBefore(name) ? `d’${name.trimStart()}` : `de ${name}`;
}

/** « heure d'Abidjan », « heure de Paris »: the time of an IANA zone, named by its city. */
export function zoneTime(timeZone: string): string {
  const city = timeZone.split("/").at(-1)?.replace(/_/g, " ") || timeZone;
  return `heure ${deName(city)}`;
}

/** `text` ending with one full stop: « … le profil de Moussa C. », never « Moussa C.. ». */
export function sentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/**
 * The word agreeing with a member's gender: « banni » / « bannie », « il » / « elle ». Unknown, the
 * masculine form with its feminine ending in brackets when given (« averti(e) »), else the masculine.
 */
export function gendered(
  gender: "male" | "female" | null | undefined,
  forms: { male: string; female: string; unknown?: string },
): string {
  if (gender === "female") return forms.female;
  if (gender === "male") return forms.male;
  return forms.unknown ?? forms.male;
}
