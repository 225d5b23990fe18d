import { cn } from "@web/components/ui/cn.ts";
import { NavLink } from "react-router-dom";
import { badgeLabel, NavBadge } from "./NavBadge.tsx";
import { BOTTOM_ITEMS } from "./nav-items.ts";
import type { NavBadges } from "./use-nav-counts.ts";

/** Bottom bar for signed-in members on small screens. */
export function BottomNav({ badges }: { badges: NavBadges }) {
  return (
    <nav
      aria-label="Navigation rapide"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-sand-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-4">
        {BOTTOM_ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                aria-label={badgeLabel(item, badges)}
                className={({ isActive }) =>
                  cn(
                    "relative flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium",
                    isActive ? "text-brand-700" : "text-ink-soft hover:text-teal-800",
                  )
                }
              >
                <Icon className="size-5.5" aria-hidden="true" />
                {item.label}
                {item.badge && (
                  <NavBadge count={badges[item.badge]} className="absolute top-1 left-1/2 ml-2" />
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
