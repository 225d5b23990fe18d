import { cn } from "@web/components/ui/cn.ts";
import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { Logo } from "./Logo.tsx";
import { badgeLabel, NavBadge } from "./NavBadge.tsx";
import { HOME_ITEM, MEMBER_ITEMS, type NavItem } from "./nav-items.ts";
import type { NavBadges } from "./use-nav-counts.ts";
import { useSignOut } from "./use-sign-out.ts";

interface HeaderProps {
  signedIn: boolean;
  sessionPending: boolean;
  badges: NavBadges;
}

const linkBase =
  "inline-flex min-h-11 items-center gap-2 rounded-full px-3.5 font-medium transition-colors hover:bg-teal-50 hover:text-teal-900";
const linkActive = "bg-teal-50 text-teal-900 underline decoration-2 decoration-brand-500 underline-offset-6";

function Item({ item, badges, onNavigate }: { item: NavItem; badges: NavBadges; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.to === "/"}
      onClick={onNavigate}
      aria-label={badgeLabel(item, badges)}
      className={({ isActive }) => cn(linkBase, isActive ? linkActive : "text-ink")}
    >
      <Icon className="size-4.5 md:hidden lg:inline" aria-hidden="true" />
      {item.label}
      {item.badge && <NavBadge count={badges[item.badge]} />}
    </NavLink>
  );
}

export function Header({ signedIn, sessionPending, badges }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { signOut, pending } = useSignOut();

  // Close the small-screen menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  // Close it with Escape and give focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const items = signedIn ? [HOME_ITEM, ...MEMBER_ITEMS] : [HOME_ITEM];
  const close = () => setOpen(false);

  const authLinks = (onNavigate?: () => void) =>
    sessionPending ? null : signedIn ? (
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
        disabled={pending}
        className={cn(linkBase, "text-brand-800")}
      >
        <LogOut className="size-4.5" aria-hidden="true" />
        Déconnexion
      </button>
    ) : (
      <>
        <NavLink
          to="/login"
          onClick={onNavigate}
          className={({ isActive }) => cn(linkBase, isActive ? linkActive : "text-ink")}
        >
          Connexion
        </NavLink>
        <Link
          to="/signup"
          onClick={onNavigate}
          className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          Inscription
        </Link>
      </>
    );

  return (
    <header className="sticky top-0 z-30 border-b border-sand-200 bg-sand-50/95 backdrop-blur supports-[backdrop-filter]:bg-sand-50/80">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2">
        <Logo />

        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <Item item={item} badges={badges} />
              </li>
            ))}
            <li className="ml-2 flex items-center gap-1">{authLinks()}</li>
          </ul>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 font-medium text-teal-900 hover:bg-teal-50 md:hidden"
          aria-expanded={open}
          aria-controls="menu-principal-mobile"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
          <span>Menu</span>
          {!open && (badges.matches !== undefined || badges.messages !== undefined) && (
            <span className="size-2.5 rounded-full bg-brand-600" aria-hidden="true" />
          )}
        </button>
      </div>

      <nav
        id="menu-principal-mobile"
        aria-label="Menu principal"
        hidden={!open}
        className="border-t border-sand-200 bg-sand-50 px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <Item item={item} badges={badges} onNavigate={close} />
            </li>
          ))}
          <li className="mt-2 flex flex-wrap items-center gap-2 border-t border-sand-200 pt-3">
            {authLinks(close)}
          </li>
        </ul>
      </nav>
    </header>
  );
}
