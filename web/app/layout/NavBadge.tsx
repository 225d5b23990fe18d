import { Badge } from "@web/components/ui/Badge.tsx";
import type { NavItem } from "./nav-items.ts";
import type { NavBadges } from "./use-nav-counts.ts";

const spoken: Record<NonNullable<NavItem["badge"]>, (n: number, shown: string) => string> = {
  matches: (n, shown) => (n === 1 ? "1 nouveau" : `${shown} nouveaux`),
  messages: (n, shown) => (n === 1 ? "1 conversation non lue" : `${shown} conversations non lues`),
};

/** The count as the badge shows it. */
const shownCount = (count: number) => (count > 99 ? "99+" : String(count));

/**
 * The link's accessible name with its count, e.g. « Matchs 3 nouveaux »; undefined without one.
 * It starts with the visible text (label, then the badge's number) so that voice control users
 * can say what they see (WCAG 2.5.3, label in name).
 */
export function badgeLabel(item: NavItem, badges: NavBadges): string | undefined {
  const count = item.badge ? badges[item.badge] : undefined;
  return item.badge && count !== undefined
    ? `${item.label} ${spoken[item.badge](count, shownCount(count))}`
    : undefined;
}

/** The visual count (the link's aria-label says it in words, see badgeLabel). */
export function NavBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (count === undefined) return null;
  return (
    <Badge aria-hidden="true" className={className}>
      {shownCount(count)}
    </Badge>
  );
}
