import { CreditCard, Heart, House, type LucideIcon, MessageCircle, Search, UserRound } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Which count of NavCounts its badge shows. */
  badge?: "matches" | "messages";
}

export const HOME_ITEM: NavItem = { to: "/", label: "Accueil", icon: House };

export const MEMBER_ITEMS: NavItem[] = [
  { to: "/profile", label: "Profil", icon: UserRound },
  { to: "/search", label: "Recherche", icon: Search },
  { to: "/matches", label: "Matchs", icon: Heart, badge: "matches" },
  { to: "/messages", label: "Messages", icon: MessageCircle, badge: "messages" },
  { to: "/subscription", label: "Abonnement", icon: CreditCard },
];

/** The bottom bar on small screens (SPEC §2). */
export const BOTTOM_ITEMS = MEMBER_ITEMS.filter((i) => i.to !== "/subscription");
