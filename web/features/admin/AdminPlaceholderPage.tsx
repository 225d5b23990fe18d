import { ComingSoon } from "@web/components/layout/ComingSoon.tsx";

const TITLES: Record<string, string> = {
  dashboard: "Tableau de bord",
  users: "Utilisateurs",
  profiles: "Profils",
  matches: "Matchs",
  messages: "Messages",
  subscriptions: "Abonnements",
  "add-json": "Ajout de données JSON",
};

export default function AdminPlaceholderPage({ section }: { section: string }) {
  const title = `Administration – ${TITLES[section] ?? section}`;
  return <ComingSoon title={title} sentence="Cette page d'administration arrive bientôt." />;
}
