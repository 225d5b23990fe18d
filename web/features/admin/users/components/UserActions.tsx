import type { AdminUserDetail } from "@domain/admin.ts";
import { deName, gendered } from "@domain/french.ts";
import { Button } from "@web/components/ui/Button.tsx";
import { Card } from "@web/components/ui/Card.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { Ban, Gift, ShieldCheck, ShieldOff, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { ConfirmDialog } from "../../shared/ConfirmDialog.tsx";
import { useChangeRole, useUnbanUser } from "../api.ts";
import { userName } from "../columns.tsx";
import { BanDialog } from "./BanDialog.tsx";
import { DeleteUserDialog } from "./DeleteUserDialog.tsx";
import { GrantDialog } from "./GrantDialog.tsx";

type Open = "ban" | "unban" | "role" | "grant" | "delete" | null;

const linkClass = "font-semibold text-teal-700 underline underline-offset-2";

/** Moderation of one account; each result is reported through `onNotice`. */
export function UserActions({
  user,
  self,
  onNotice,
}: {
  user: AdminUserDetail;
  /** The signed-in admin's own account: banning, demoting or deleting it is not offered. */
  self: boolean;
  onNotice: (text: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const unban = useUnbanUser(user.id);
  const role = useChangeRole(user.id);
  const name = userName(user);
  const nextRole = user.role === "admin" ? "user" : "admin";
  const close = () => setOpen(null);
  const show = (which: Open) => {
    unban.reset();
    role.reset();
    setOpen(which);
  };
  const q = encodeURIComponent(user.id);

  return (
    <Card className="flex flex-col gap-4 sm:p-5">
      <h2 className="text-lg font-bold text-teal-900">Actions</h2>
      {self && (
        <p className="text-sm text-ink-soft">
          C’est votre propre compte : le bannir, changer son rôle ou le supprimer n’est pas possible ici.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {user.banned ? (
          <Button variant="secondary" onClick={() => show("unban")}>
            <Undo2 className="size-4.5" aria-hidden="true" />
            Lever le bannissement
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => show("ban")} disabled={self}>
            <Ban className="size-4.5" aria-hidden="true" />
            Bannir
          </Button>
        )}
        <Button variant="secondary" onClick={() => show("role")} disabled={self}>
          {nextRole === "admin" ? (
            <ShieldCheck className="size-4.5" aria-hidden="true" />
          ) : (
            <ShieldOff className="size-4.5" aria-hidden="true" />
          )}
          {nextRole === "admin" ? "Nommer administrateur" : "Retirer le rôle d’administrateur"}
        </Button>
        <Button variant="secondary" onClick={() => show("grant")}>
          <Gift className="size-4.5" aria-hidden="true" />
          Offrir un abonnement
        </Button>
        <Button variant="danger" onClick={() => show("delete")} disabled={self}>
          <Trash2 className="size-4.5" aria-hidden="true" />
          Supprimer le compte
        </Button>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {user.accountStatus && (
          <li>
            <Link to={`/admin/profiles/${q}`} className={linkClass}>
              Voir le profil
            </Link>
          </li>
        )}
        <li>
          <Link to={`/admin/matches?member=${q}`} className={linkClass}>
            Voir ses matchs
          </Link>
        </li>
        <li>
          <Link to={`/admin/messages?member=${q}`} className={linkClass}>
            Voir ses messages
          </Link>
        </li>
        <li>
          <Link to={`/admin/subscriptions?q=${encodeURIComponent(user.email)}`} className={linkClass}>
            Voir ses abonnements
          </Link>
        </li>
      </ul>

      <BanDialog
        user={user}
        open={open === "ban"}
        onClose={close}
        onDone={() => {
          close();
          onNotice(
            `${name} est ${gendered(user.gender, { male: "banni", female: "bannie", unknown: "banni(e)" })}. Ses sessions ont été fermées.`,
          );
        }}
      />
      <ConfirmDialog
        open={open === "unban"}
        onClose={close}
        title="Lever le bannissement"
        confirmLabel="Lever le bannissement"
        pendingLabel="Enregistrement…"
        pending={unban.isPending}
        error={unban.isError ? errorMessage(unban.error) : null}
        onConfirm={() =>
          unban.mutate(undefined, {
            onSuccess: () => {
              close();
              onNotice(`Le bannissement ${deName(name)} est levé.`);
            },
          })
        }
      >
        <p>{name} pourra de nouveau se connecter à Passerelle.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === "role"}
        onClose={close}
        title={nextRole === "admin" ? "Nommer administrateur" : "Retirer le rôle d’administrateur"}
        confirmLabel="Confirmer"
        pendingLabel="Enregistrement…"
        tone={nextRole === "admin" ? "danger" : "primary"}
        pending={role.isPending}
        error={role.isError ? errorMessage(role.error) : null}
        onConfirm={() =>
          role.mutate(nextRole, {
            onSuccess: () => {
              close();
              onNotice(
                nextRole === "admin"
                  ? `${name} est désormais administrateur.`
                  : `${name} n’est plus administrateur.`,
              );
            },
          })
        }
      >
        <p>
          {nextRole === "admin"
            ? `${name} aura accès à toute l’administration : utilisateurs, profils, messages et abonnements.`
            : `${name} redeviendra un simple membre et n’aura plus accès à l’administration.`}
        </p>
      </ConfirmDialog>
      <GrantDialog
        user={user}
        open={open === "grant"}
        onClose={close}
        onDone={(s) => {
          close();
          onNotice(`Abonnement offert à ${name} jusqu’au ${formatDate(s.endDate)}.`);
        }}
      />
      <DeleteUserDialog
        user={user}
        open={open === "delete"}
        onClose={close}
        onDone={() =>
          navigate("/admin/users", {
            state: { notice: { tone: "success", text: `Le compte ${deName(name)} a été supprimé.` } },
          })
        }
      />
    </Card>
  );
}
