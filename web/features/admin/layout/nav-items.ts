import type { AdminRecord } from "@domain/admin.ts";
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
  ShieldAlert,
  ShieldCheck,
  UserRound,
  Users,
} from "lucide-react";

/** Where an administrator turns on two-factor authentication. */
export const SECURITY_PATH = "/admin/security";

/** TOTP is required here and not on yet: the security page is the only one open. */
export function mustEnrol(admin: AdminRecord | null | undefined): boolean {
  return Boolean(admin?.twoFactorRequired && !admin.twoFactorEnabled);
}

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
  { to: "/admin/shield", label: "Bouclier", icon: ShieldAlert },
  { to: "/admin/subscriptions", label: "Abonnements", icon: CreditCard },
  { to: "/admin/add-json", label: "Ajouter JSON", icon: FileJson },
  { to: SECURITY_PATH, label: "Sécurité", icon: ShieldCheck },
];
