import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

export default function MessagesPage() {
  return <ComingSoon title="Messages" sentence="La messagerie arrive bientôt." />;
}
