import { CHECK_IN, CHECK_IN_MSG, type CheckInDto, type CreateCheckInInput } from "@domain/check-ins.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { Select } from "@web/components/ui/Select.tsx";
import { Skeleton } from "@web/components/ui/Skeleton.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { formatDate, formatTime } from "@web/lib/format.ts";
import { type FormEvent, useState } from "react";
import { useCheckIns, useCreateCheckIn } from "../api.ts";
import { CheckInActions } from "./CheckInActions.tsx";

const GRACE_LABELS: Record<(typeof CHECK_IN.GRACE_MINUTES)[number], string> = {
  5: "5 minutes",
  15: "15 minutes",
  30: "30 minutes",
  60: "1 heure",
  120: "2 heures",
};

function statusLine(c: CheckInDto): string {
  const at = (iso: string) => `le ${formatDate(iso)} à ${formatTime(iso)}`;
  switch (c.status) {
    case "waiting":
      return `Prévu ${at(c.dueAt)} ; sans réponse, vos contacts seront prévenus ${at(c.alertAt)}.`;
    case "ok":
      return `Vous avez confirmé que tout allait bien ${at(c.answeredAt ?? c.dueAt)}.`;
    case "alerted":
      return `Sans réponse de votre part, vos contacts ont été prévenus ${at(c.alertedAt ?? c.alertAt)}.`;
    case "cancelled":
      return "Fausse alerte : vos contacts ont été prévenus que tout va bien.";
    case "withdrawn":
      return "Annulé.";
  }
}

function CheckInItem({ checkIn }: { checkIn: CheckInDto }) {
  return (
    <li className="flex flex-col gap-2 border-t border-sand-200 pt-4 first:border-t-0 first:pt-0">
      <p className="font-semibold text-teal-900">
        {`Point sécurité du ${formatDate(checkIn.dueAt)} à ${formatTime(checkIn.dueAt)}`}
      </p>
      <p className="text-sm">{statusLine(checkIn)}</p>
      <p className="text-sm text-ink-soft">{`À prévenir : ${checkIn.contacts.map((c) => c.name).join(", ")}`}</p>
      <CheckInActions checkIn={checkIn} />
    </li>
  );
}

interface ContactDraft {
  name: string;
  email: string;
}

/**
 * « Points sécurité » (issue 40): the member sets when she will confirm that all is well, how long
 * to wait, and whom to alert; the list of her check-ins with « Tout va bien ». It says plainly that
 * this is not an emergency service.
 */
export function CheckInsSection() {
  const checkIns = useCheckIns();
  const create = useCreateCheckIn();
  const [dueAt, setDueAt] = useState("");
  const [grace, setGrace] = useState<number>(30);
  const [note, setNote] = useState("");
  const [contacts, setContacts] = useState<ContactDraft[]>([{ name: "", email: "" }]);
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: CreateCheckInInput = {
      dueAt: dueAt ? new Date(dueAt).toISOString() : "",
      graceMinutes: grace,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      contacts: contacts.filter((c) => c.name.trim() || c.email.trim()),
      ...(note.trim() ? { note } : {}),
    };
    create.mutate(input, {
      onSuccess: () => {
        setDueAt("");
        setNote("");
      },
    });
  };
  const setContact = (i: number, change: Partial<ContactDraft>) =>
    setContacts((all) => all.map((c, j) => (j === i ? { ...c, ...change } : c)));

  return (
    <div className="flex flex-col gap-6">
      <Alert tone="info">{CHECK_IN_MSG.NOT_EMERGENCY}</Alert>
      <p>
        {/* A page of the server, kept on the device by the service worker: a full navigation. */}
        <a href="/kit-voyage" className="font-semibold text-teal-800 underline underline-offset-2">
          Kit de voyage
        </a>{" "}
        : les numéros d’urgence de 14 pays, vos consulats et nos conseils pour un premier rendez-vous, gardés
        sur cet appareil pour un voyage sans connexion.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Nouveau point sécurité">
        <Field id="check-in-due" label="Je confirme que tout va bien avant" required error={fields.dueAt}>
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={dueAt}
              onChange={(e) => setDueAt(e.target.value)}
            />
          )}
        </Field>
        <Field
          id="check-in-grace"
          label="Sans réponse, prévenir mes contacts après"
          error={fields.graceMinutes}
        >
          {(control) => (
            <Select {...control} value={grace} onChange={(e) => setGrace(Number(e.target.value))}>
              {CHECK_IN.GRACE_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {GRACE_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1.5 font-medium text-ink">Personnes à prévenir</legend>
          {contacts.map((c, i) => (
            <div key={i} className="grid gap-3 sm:grid-cols-2">
              <Field id={`check-in-contact-${i}-name`} label={`Prénom (personne ${i + 1})`}>
                {(control) => (
                  <Input
                    {...control}
                    value={c.name}
                    maxLength={CHECK_IN.NAME_MAX}
                    onChange={(e) => setContact(i, { name: e.target.value })}
                  />
                )}
              </Field>
              <Field id={`check-in-contact-${i}-email`} label={`E-mail (personne ${i + 1})`}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    autoComplete="off"
                    value={c.email}
                    onChange={(e) => setContact(i, { email: e.target.value })}
                  />
                )}
              </Field>
            </div>
          ))}
          {contacts.length < CHECK_IN.CONTACTS_MAX && (
            <div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setContacts((all) => [...all, { name: "", email: "" }])}
              >
                Ajouter une personne
              </Button>
            </div>
          )}
          {fields.contacts && <p className="text-sm font-medium text-danger-700">{fields.contacts}</p>}
        </fieldset>
        <Field id="check-in-note" label="Où serez-vous ? (facultatif)" error={fields.note}>
          {(control) => (
            <Input
              {...control}
              value={note}
              maxLength={CHECK_IN.NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
        {create.isSuccess && <Alert tone="success">Point sécurité programmé.</Alert>}
        <div>
          <Button type="submit" loading={create.isPending} loadingText="Programmation…">
            Programmer le point sécurité
          </Button>
        </div>
      </form>
      {checkIns.isPending ? (
        <Skeleton className="h-16" />
      ) : checkIns.isError ? (
        <Alert tone="error">{errorMessage(checkIns.error)}</Alert>
      ) : checkIns.data.length > 0 ? (
        <ul className="flex flex-col gap-4" aria-label="Mes points sécurité">
          {checkIns.data.map((c) => (
            <CheckInItem key={c.id} checkIn={c} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
