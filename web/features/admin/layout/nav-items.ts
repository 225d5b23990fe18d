import type { LucideIcon } from "lucide-react";
import {
  CreditCard,
  FileJson,
  Flag,
  HeartHandshake,
  Images,
  LayoutDashboard,
  MessagesSquare,
  ScanFace,
  ShieldCheck,
  UserRound,
  Users,
} from "lucide-react";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Tableau de bord", icon: LayoutDashboard },
  { to: "/admin/users", label: "Utilisateurs", icon: Users },
  { to: "/admin/profiles", label: "Profils", icon: UserRound },
  { to: "/admin/matches", label: "Matchs", icon: HeartHandshake },
  { to: "/admin/messages", label: "Messages", icon: MessagesSquare },
  { to: "/admin/reports", label: "Signalements", icon: Flag },
  { to: "/admin/verifications", label: "Vérifications", icon: ScanFace },
  { to: "/admin/photo-reviews", label: "Photos à vérifier", icon: Images },
  { to: "/admin/subscriptions", label: "Abonnements", icon: CreditCard },
  { to: "/admin/add-json", label: "Ajouter JSON", icon: FileJson },
  { to: "/admin/security", label: "Sécurité", icon: ShieldCheck },
];
