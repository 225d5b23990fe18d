import { Badge } from "@web/components/ui/Badge.tsx";
import type { NavItem } from "./nav-items.ts";
import type { NavBadges } from "./use-nav-counts.ts";

const spoken: Record<NonNullable<NavItem["badge"]>, (n: number) => string> = {
  matches: (n) => (n === 1 ? "1 nouveau" : `${n} nouveaux`),
  messages: (n) => (n === 1 ? "1 conversation non lue" : `${n} conversations non lues`),
};

/** The link's accessible name with its count, e.g. « Matchs, 3 nouveaux »; undefined without one. */
export function badgeLabel(item: NavItem, badges: NavBadges): string | undefined {
  const count = item.badge ? badges[item.badge] : undefined;
  return item.badge && count !== undefined ? `${item.label}, ${spoken[item.badge](count)}` : undefined;
}

/** The visual count (the link's aria-label says it in words, see badgeLabel). */
export function NavBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (count === undefined) return null;
  return (
    <Badge aria-hidden="true" className={className}>
      {count > 99 ? "99+" : String(count)}
    </Badge>
  );
}
