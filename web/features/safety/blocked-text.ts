// What a member is told once they have blocked someone, in words that agree with that member's
// gender when it is known (issue 34: « bloqué » / « bloquée », « bloqué(e) » otherwise).
import { gendered } from "@domain/french.ts";
import { quoted } from "@web/lib/format.ts";
import type { SafetyTarget } from "./components/BlockDialog.tsx";

/** « bloquée », « bloqué », or « bloqué(e) » for a member whose gender is not known. */
export const blockedWord = (target: Pick<SafetyTarget, "gender">) =>
  gendered(target.gender, { male: "bloqué", female: "bloquée", unknown: "bloqué(e)" });

/**
 * « Awa N. est bloquée : vous ne vous verrez plus. Vous pouvez lever ce blocage depuis votre
 * profil, rubrique « Vie privée ». » — `consequence` replaces « vous ne vous verrez plus ».
 */
export function blockedNotice(target: SafetyTarget, consequence = "vous ne vous verrez plus"): string {
  return `${target.name} est ${blockedWord(target)} : ${consequence}. Vous pouvez lever ce blocage depuis votre profil, rubrique ${quoted("Vie privée")}.`;
}
