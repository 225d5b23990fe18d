import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

export default function MatchesPage() {
  return <ComingSoon title="Matchs" sentence="Vos matchs arrivent bientôt." />;
}
