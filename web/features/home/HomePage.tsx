import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "@web/components/ui/Alert.tsx";
import { buttonClasses } from "@web/components/ui/Button.tsx";
import { endDeletedSession } from "@web/features/safety/index.ts";
import { authClient } from "@web/lib/auth-client.ts";
import { useAfterHydration } from "@web/lib/use-hydrated.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { HandHeart, Languages, MessageCircleHeart, ShieldCheck, Sparkles, UserRoundPen } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { BridgeArt } from "./BridgeArt.tsx";

const STEPS = [
  {
    icon: UserRoundPen,
    title: "Présentez-vous",
    text: "Créez votre compte, puis complétez votre profil : vos photos, vos langues, vos centres d’intérêt et ce que vous recherchez.",
  },
  {
    icon: Languages,
    title: "Découvrez des profils",
    text: "Parcourez des profils d’Afrique francophone et d’Europe, avec un indice de compatibilité fondé sur vos points communs.",
  },
  {
    icon: MessageCircleHeart,
    title: "Échangez",
    text: "Quand l’intérêt se concrétise par un match, la conversation s’ouvre. Prenez le temps de vous découvrir, à votre rythme.",
  },
] as const;

const VALUES = [
  {
    icon: Sparkles,
    title: "Sincérité",
    text: "Des profils vrais, des intentions claires. Passerelle s’adresse à celles et ceux qui cherchent une relation authentique.",
  },
  {
    icon: HandHeart,
    title: "Respect",
    text: "Chaque culture, chaque parcours et chaque histoire compte. Le harcèlement et les propos déplacés n’ont pas leur place ici.",
  },
  {
    icon: ShieldCheck,
    title: "Sécurité",
    text: "Votre numéro de téléphone n’est jamais montré, les profils signalés sont examinés et les demandes d’argent sont interdites.",
  },
] as const;

/**
 * After « Supprimer mon compte »: the local session ends here, once the member's pages are gone,
 * and the confirmation is shown once (dropped from the history state).
 */
function useAccountDeletedNotice(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleted] = useState(() =>
    Boolean((location.state as { accountDeleted?: boolean } | null)?.accountDeleted),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!deleted) return;
    navigate(location.pathname, { replace: true, state: null });
    void endDeletedSession(queryClient);
  }, []);
  return deleted;
}

export default function HomePage() {
  usePageTitle(null);
  const { data: session } = authClient.useSession();
  const signedIn = useAfterHydration(Boolean(session), false);
  const deleted = useAccountDeletedNotice();

  const primaryCta = signedIn ? (
    <Link to="/profile" className={buttonClasses("primary", "lg")}>
      Voir mon profil
    </Link>
  ) : (
    <Link to="/signup" className={buttonClasses("primary", "lg")}>
      Créer mon compte
    </Link>
  );

  return (
    <>
      {deleted && (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <Alert tone="success" title="Votre compte a été supprimé">
            Votre profil, vos photos, vos matchs et vos conversations ont été effacés. Merci d’avoir fait un
            bout de chemin avec Passerelle.
          </Alert>
        </div>
      )}
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-sand-50 to-sand-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-12 pb-16 md:grid-cols-[1.15fr_1fr] md:pt-20 md:pb-24">
          <div className="flex flex-col gap-6">
            <p className="inline-flex w-fit items-center gap-2 rounded-full bg-ochre-100 px-3 py-1 text-sm font-semibold text-ochre-700">
              Afrique francophone · Europe
            </p>
            <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-teal-900 sm:text-5xl">
              Des rencontres sincères, <span className="text-brand-700">d’une rive à l’autre</span>
            </h1>
            <p className="max-w-xl text-lg text-ink-soft">
              Passerelle réunit des femmes et des hommes francophones d’Afrique et d’Europe qui souhaitent
              construire une relation durable, nourrie par la curiosité de l’autre et le respect des cultures
              de chacun.
            </p>
            {/* A visitor's buttons show while the session is checked (and in the prerendered page):
                most people landing here are visitors, and nothing moves when the answer comes. */}
            <div className="flex flex-wrap gap-3">
              {primaryCta}
              {!signedIn && (
                <Link to="/login" className={buttonClasses("secondary", "lg")}>
                  J’ai déjà un compte
                </Link>
              )}
            </div>
            <p className="text-sm text-ink-soft">Réservé aux personnes majeures (18 ans ou plus).</p>
          </div>
          <BridgeArt />
        </div>
      </section>

      <section aria-labelledby="comment-ca-marche" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="comment-ca-marche" className="text-3xl font-bold text-teal-900">
          Comment ça marche ?
        </h2>
        <p className="mt-2 max-w-2xl text-ink-soft">Trois étapes simples pour faire le premier pas.</p>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => {
            const Icon = step.icon;
            return (
              <li
                key={step.title}
                className="relative rounded-2xl border border-sand-200 bg-white p-6 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="absolute -top-4 left-6 inline-flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <Icon className="mt-2 size-8 text-teal-700" aria-hidden="true" />
                <h3 className="mt-3 text-xl font-bold text-teal-900">
                  <span className="sr-only">Étape {index + 1} : </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-ink-soft">{step.text}</p>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="nos-valeurs" className="bg-teal-900 text-sand-100">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="nos-valeurs" className="text-3xl font-bold text-white">
            Nos valeurs
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {VALUES.map((value) => {
              const Icon = value.icon;
              return (
                <li key={value.title} className="flex flex-col gap-3">
                  <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-teal-700">
                    <Icon className="size-6 text-ochre-300" aria-hidden="true" />
                  </span>
                  <h3 className="text-xl font-bold text-white">{value.title}</h3>
                  <p className="text-sand-200">{value.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="premier-pas" className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-col items-start gap-5 rounded-3xl bg-ochre-100 p-8 sm:p-12 md:flex-row md:items-center md:justify-between">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="premier-pas" className="text-2xl font-bold text-teal-900 sm:text-3xl">
              {signedIn
                ? "Votre profil est votre meilleure présentation"
                : "Prêt(e) à faire le premier pas ?"}
            </h2>
            <p className="text-ink-soft">
              {signedIn
                ? "Un profil complet, avec une photo et quelques mots sincères, donne envie d’engager la conversation."
                : "L’inscription ne prend que quelques minutes. Vous compléterez votre profil ensuite, à votre rythme."}
            </p>
          </div>
          {primaryCta}
        </div>
      </section>
    </>
  );
}
