import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

export default function SubscriptionSuccessPage() {
  return (
    <ComingSoon title="Confirmation d'abonnement" sentence="La confirmation d'abonnement arrive bientôt." />
  );
}
