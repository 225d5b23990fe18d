import type { AdminRecord } from "@domain/admin.ts";
import { cn } from "@web/components/ui/cn.ts";
import { EmailAddress } from "@web/components/ui/EmailAddress.tsx";
import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { ADMIN_NAV_ITEMS, mustEnrol, SECURITY_PATH } from "./nav-items.ts";
import { useAdminLogout } from "./use-admin-logout.ts";

const itemClasses =
  "flex min-h-11 items-center gap-3 rounded-xl px-3 font-medium transition-colors " +
  "focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ochre-300";

/**
 * The admin navigation: a sidebar from 1024 px, a top bar with a « Menu » button below
 * (tablets, phones) that opens the same links.
 */
export function AdminNav({ admin }: { admin: AdminRecord | null }) {
  // An administrator who must still turn on TOTP reaches only the security page (admin-guard.ts).
  const items = mustEnrol(admin)
    ? ADMIN_NAV_ITEMS.filter((item) => item.to === SECURITY_PATH)
    : ADMIN_NAV_ITEMS;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { logout, pending } = useAdminLogout();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on every navigation
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

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

  return (
    <header className="bg-teal-900 text-sand-100 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:overflow-y-auto">
      <div className="flex items-center justify-between gap-3 px-4 py-3 lg:py-5">
        <Link
          to="/admin/dashboard"
          className="inline-flex min-h-11 flex-col justify-center rounded-lg focus-visible:outline-ochre-300"
        >
          <span className="text-lg leading-tight font-extrabold text-white">Passerelle</span>
          <span className="text-xs font-semibold tracking-widest text-ochre-300 uppercase">
            Administration
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls="admin-navigation"
          onClick={() => setOpen((v) => !v)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-medium hover:bg-teal-800 focus-visible:outline-ochre-300 lg:hidden"
        >
          {open ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
          Menu
        </button>
      </div>

      <div
        id="admin-navigation"
        className={cn("flex-1 flex-col gap-4 px-3 pb-4 lg:flex", open ? "flex" : "hidden")}
      >
        <nav aria-label="Administration">
          <ul className="grid gap-1 md:grid-cols-2 lg:grid-cols-1">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      itemClasses,
                      isActive ? "bg-teal-700 text-white" : "hover:bg-teal-800 hover:text-white",
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-auto flex flex-col gap-2 border-t border-teal-700 pt-4">
          {admin && (
            <div className="px-3 text-sm">
              <p className="text-sand-200">Connecté en tant que</p>
              <p className="font-semibold break-words text-white">{admin.name || admin.email}</p>
              {admin.name && <EmailAddress email={admin.email} className="block text-sand-200" />}
            </div>
          )}
          <button
            type="button"
            onClick={() => void logout()}
            disabled={pending}
            className={cn(
              itemClasses,
              "w-full text-left hover:bg-teal-800 hover:text-white disabled:opacity-60",
            )}
          >
            <LogOut className="size-5 shrink-0" aria-hidden="true" />
            {pending ? "Déconnexion…" : "Déconnexion"}
          </button>
          <Link
            to="/"
            className={cn(itemClasses, "text-sm text-sand-200 hover:bg-teal-800 hover:text-white")}
          >
            Retour au site
          </Link>
        </div>
      </div>
    </header>
  );
}
