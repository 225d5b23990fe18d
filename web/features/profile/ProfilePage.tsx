import { MSG } from "@domain/messages.ts";
import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { ErrorState } from "@web/components/ui/ErrorState.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { type TabItem, Tabs } from "@web/components/ui/Tabs.tsx";
import { CheckInsSection } from "@web/features/check-ins/index.ts";
import { NotificationPreferencesSection } from "@web/features/notifications/index.ts";
import { FinishProfileBanner } from "@web/features/onboarding/index.ts";
import { SharedLinksSection } from "@web/features/sharing/index.ts";
import { ProfileVerificationCard } from "@web/features/verification/index.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { KeyRound, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { useMemo } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { useProfile } from "./api.ts";
import { AccountSection } from "./components/AccountSection.tsx";
import { BlockedMembersSection } from "./components/BlockedMembersSection.tsx";
import { BrowsePrivacySection } from "./components/BrowsePrivacySection.tsx";
import { DataSavingSection } from "./components/DataSavingSection.tsx";
import { DiscretionSection } from "./components/DiscretionSection.tsx";
import { EmailVerificationNotice } from "./components/EmailVerificationNotice.tsx";
import { MessagePrivacySection } from "./components/MessagePrivacySection.tsx";
import { MyDataSection } from "./components/MyDataSection.tsx";
import { PhotoManager } from "./components/PhotoManager.tsx";
import { PresencePrivacySection } from "./components/PresencePrivacySection.tsx";
import { ProfileCompleteness } from "./components/ProfileCompleteness.tsx";
import { ProfileForm } from "./components/ProfileForm.tsx";
import { VoiceIntroSection } from "./components/VoiceIntroSection.tsx";
import { emptyProfile } from "./profile-values.ts";

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <h2 id={id} className="text-xl font-bold text-teal-900 sm:text-2xl">
        {title}
      </h2>
      {intro && <p className="mt-1 text-ink-soft">{intro}</p>}
      <div className="mt-5">{children}</div>
    </Card>
  );
}

type Tab = "profil" | "compte" | "vie-privee";

/** The page's rubrics; the open one is kept in the address (?rubrique=compte) so it can be linked to. */
const TABS: readonly TabItem<Tab>[] = [
  { value: "profil", label: "Mon profil", icon: UserRound },
  { value: "compte", label: "Mon compte", icon: KeyRound },
  { value: "vie-privee", label: "Vie privée", icon: ShieldCheck },
];

function useTab(): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  // The e-mails link to /profile#section-notifications, which is in « Mon compte ».
  const { hash } = useLocation();
  const requested = params.get("rubrique") ?? (hash === "#section-notifications" ? "compte" : null);
  const tab = TABS.find((t) => t.value === requested)?.value ?? "profil";
  const setTab = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "profil") updated.delete("rubrique");
        else updated.set("rubrique", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        Chargement de votre profil…
      </p>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export default function ProfilePage() {
  usePageTitle("Mon profil");
  const { data, error, isPending, refetch, isRefetching } = useProfile();
  const [tab, setTab] = useTab();

  // SPEC §8: a "not found" error falls back to an empty default profile.
  const notFound = Boolean(error && /not found/i.test(error.message));
  const fallback = useMemo(() => (notFound ? emptyProfile() : null), [notFound]);
  const profile = data ?? fallback;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <PageHeader
        title="Mon profil"
        intro="Un profil soigné et sincère est la meilleure façon de faire de belles rencontres."
      />
      <EmailVerificationNotice />
      <FinishProfileBanner />
      {isPending ? (
        <ProfileSkeleton />
      ) : !profile ? (
        <ErrorState
          title="Impossible de charger votre profil"
          message={error?.message || MSG.GENERIC}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : (
        <Tabs label="Rubriques de mon profil" tabs={TABS} value={tab} onChange={setTab}>
          {tab === "profil" && (
            <div className="flex flex-col gap-6">
              <Card>
                <ProfileCompleteness profile={profile} />
              </Card>
              <Section
                id="section-photos"
                title="Mes photos"
                intro="Jusqu’à 6 photos. La première est votre photo principale."
              >
                <PhotoManager photos={profile.photos} firstName={profile.firstName} />
              </Section>
              <Section
                id="section-voice"
                title="Ma présentation vocale"
                intro="Quelques mots de vive voix, 30 secondes au plus : entendre une voix rassure et donne envie de répondre."
              >
                <VoiceIntroSection />
              </Section>
              <ProfileVerificationCard
                hasPhoto={profile.photos.length > 0}
                seenOnCallAt={profile.seenOnCallAt}
              />
              <Section id="section-infos" title="Mes informations">
                <ProfileForm profile={profile} />
              </Section>
            </div>
          )}
          {tab === "compte" && (
            <div className="flex flex-col gap-6">
              <Section id="section-account" title="Mon compte">
                <AccountSection />
              </Section>
              <Section
                id="section-notifications"
                title="Notifications"
                intro="Choisissez ce que Passerelle vous signale quand vous n’êtes pas sur le site."
              >
                <NotificationPreferencesSection />
              </Section>
              <Section
                id="section-data-saving"
                title="Données mobiles"
                intro="Réglages de cet appareil : Passerelle reste léger sur un forfait limité."
              >
                <DataSavingSection />
              </Section>
            </div>
          )}
          {tab === "vie-privee" && (
            <div className="flex flex-col gap-6">
              <Section
                id="section-blocked"
                title="Membres bloqués"
                intro="Vous ne voyez plus ces membres et ils ne vous voient plus."
              >
                <BlockedMembersSection />
              </Section>
              <Section id="section-messages" title="Qui peut m’écrire">
                <MessagePrivacySection profile={profile} />
              </Section>
              <Section id="section-activity" title="Mon activité">
                <div className="flex flex-col gap-6">
                  <PresencePrivacySection profile={profile} />
                  <div className="border-t border-sand-200 pt-6">
                    <BrowsePrivacySection profile={profile} />
                  </div>
                </div>
              </Section>
              <Section
                id="section-discretion"
                title="Discrétion"
                intro="Choisissez qui ne doit pas vous voir sur Passerelle. La touche Échap pressée deux fois ferme Passerelle aussitôt."
              >
                <DiscretionSection profile={profile} />
              </Section>
              <Section
                id="section-shared-links"
                title="Mes liens partagés"
                intro="Les cartes de vos matchs que vous avez envoyées à un proche : vous pouvez les retirer à tout moment."
              >
                <SharedLinksSection />
              </Section>
              <Section
                id="section-check-ins"
                title="Points sécurité"
                intro="Avant un rendez-vous, choisissez l’heure à laquelle vous confirmerez que tout va bien. Sans réponse de votre part, les personnes que vous désignez reçoivent un e-mail."
              >
                <CheckInsSection />
              </Section>
              <Section id="section-data" title="Mes données">
                <MyDataSection />
              </Section>
            </div>
          )}
        </Tabs>
      )}
    </div>
  );
}
