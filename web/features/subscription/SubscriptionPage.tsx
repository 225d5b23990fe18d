import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

export default function SubscriptionPage() {
  return <ComingSoon title="Abonnement" sentence="Les formules d'abonnement arrivent bientôt." />;
}
