// The reminder before a member's first call (issue 38 §5), shown once per device.
import { localStore } from "@web/lib/local-storage.ts";

const KEY = "passerelle.calls.reminded";

export const CALL_REMINDER = {
  TITLE: "Avant votre premier appel",
  POINTS: [
    "Ne montrez jamais votre visage ou votre corps à quelqu’un qui vous met la pression : raccrochez.",
    "Une personne sincère ne vous demandera ni argent, ni photos intimes, ni de quitter Passerelle.",
    "Vous pouvez raccrocher, signaler et bloquer à tout moment depuis l’écran d’appel.",
    "Passerelle n’enregistre jamais les appels, et votre numéro de téléphone reste privé.",
  ],
} as const;

export function reminded(): boolean {
  try {
    return localStore()?.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function markReminded(): void {
  try {
    localStore()?.setItem(KEY, "1");
  } catch {
    // Storage unavailable: the reminder shows again next time, which does no harm.
  }
}
