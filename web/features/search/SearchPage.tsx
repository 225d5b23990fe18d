import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

export default function SearchPage() {
  return <ComingSoon title="Recherche" sentence="La recherche arrive bientôt." />;
}
