import type { CreatedShareDto, CreateShareInput } from "@domain/sharing.ts";
import { SHARE } from "@domain/sharing.ts";
import { Alert } from "@web/components/ui/Alert.tsx";
import { Button } from "@web/components/ui/Button.tsx";
import { Dialog } from "@web/components/ui/Dialog.tsx";
import { Field } from "@web/components/ui/Field.tsx";
import { Input } from "@web/components/ui/Input.tsx";
import { RadioGroup } from "@web/components/ui/RadioGroup.tsx";
import { Textarea } from "@web/components/ui/Textarea.tsx";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { quoted } from "@web/lib/format.ts";
import { type FormEvent, useEffect, useState } from "react";
import { useCreateShare } from "../api.ts";

type Kind = CreateShareInput["kind"];

interface Props {
  open: boolean;
  onClose: () => void;
  matchId: string;
  /** « Yao K. » */
  name: string;
}

/** The browser's time zone, in which the page will say the date. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * « Partager mon rendez-vous » / « Présenter à ma famille » (issue 40): what to add, then the link,
 * shown once (only its hash is kept) with « Copier le lien » and the phone's share sheet.
 */
export function ShareCardDialog({ open, onClose, matchId, name }: Props) {
  const create = useCreateShare(matchId);
  const [kind, setKind] = useState<Kind>("date");
  const [place, setPlace] = useState("");
  const [meetsAt, setMeetsAt] = useState("");
  const [travel, setTravel] = useState("");
  const [relative, setRelative] = useState("");
  const [created, setCreated] = useState<CreatedShareDto | null>(null);
  const [copied, setCopied] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form at each opening
  useEffect(() => {
    if (!open) return;
    create.reset();
    setCreated(null);
    setCopied(false);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: CreateShareInput =
      kind === "family"
        ? { kind, relative }
        : {
            kind,
            place,
            travel,
            ...(meetsAt ? { meetsAt: new Date(meetsAt).toISOString(), timeZone: timeZone() } : {}),
          };
    create.mutate(input, { onSuccess: setCreated });
  };
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? () => {} : onClose}
      title={kind === "family" ? "Présenter à ma famille" : "Partager mon rendez-vous"}
      footer={
        created ? (
          <Button onClick={onClose}>Terminé</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              Annuler
            </Button>
            <Button type="submit" form="share-card-form" loading={create.isPending} loadingText="Création…">
              Créer le lien
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="font-semibold text-teal-900">
            Votre lien est prêt.
          </p>
          <Field id="share-link" label="Lien à envoyer" hint="Il ne s’affichera plus : copiez-le maintenant.">
            {(control) => (
              <Input {...control} readOnly value={created.url} onFocus={(e) => e.target.select()} />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? "Lien copié" : "Copier le lien"}
            </Button>
            {canShare && (
              <Button
                variant="secondary"
                onClick={() =>
                  void navigator.share({ title: "Passerelle", url: created.url }).catch(() => undefined)
                }
              >
                Envoyer…
              </Button>
            )}
          </div>
          <p className="text-sm text-ink-soft">
            La personne qui l’ouvre voit la carte publique de {name}, sans compte Passerelle. {name} sera
            informé(e) que sa carte a été partagée. Vous pouvez retirer ce lien à tout moment dans votre
            profil, rubrique {quoted("Vie privée")}.
          </p>
        </div>
      ) : (
        <form id="share-card-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <RadioGroup
            name="share-kind"
            legend="Pour qui ?"
            options={[
              { value: "date", label: "Un(e) ami(e), pour mon rendez-vous" },
              { value: "family", label: "Ma famille" },
            ]}
            value={kind}
            onChange={setKind}
          />
          {kind === "date" ? (
            <>
              <p className="text-sm text-ink-soft">
                Avant un premier rendez-vous, dites à un proche avec qui, où et quand. Tout est facultatif. En
                voyage, emportez aussi le{" "}
                <a href="/kit-voyage" className="font-semibold text-teal-800 underline underline-offset-2">
                  kit de voyage
                </a>
                .
              </p>
              <Field id="share-place" label="Lieu" error={fields.place}>
                {(control) => (
                  <Input
                    {...control}
                    value={place}
                    maxLength={SHARE.PLACE_MAX}
                    onChange={(e) => setPlace(e.target.value)}
                  />
                )}
              </Field>
              <Field id="share-meets-at" label="Date et heure" error={fields.meetsAt}>
                {(control) => (
                  <Input
                    {...control}
                    type="datetime-local"
                    value={meetsAt}
                    onChange={(e) => setMeetsAt(e.target.value)}
                  />
                )}
              </Field>
              <Field id="share-travel" label="Vol, train ou hôtel" error={fields.travel}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    value={travel}
                    maxLength={SHARE.TRAVEL_MAX}
                    onChange={(e) => setTravel(e.target.value)}
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              <p className="text-sm text-ink-soft">
                Un lien par proche, {SHARE.FAMILY_MAX} au plus. Chacun pourra vous laisser un mot que vous
                seul(e) lirez.
              </p>
              <Field id="share-relative" label="Prénom ou lien de parenté" required error={fields.relative}>
                {(control) => (
                  <Input
                    {...control}
                    value={relative}
                    maxLength={SHARE.RELATIVE_MAX}
                    placeholder="Maman"
                    onChange={(e) => setRelative(e.target.value)}
                  />
                )}
              </Field>
            </>
          )}
          {create.isError && !Object.keys(fields).length && (
            <Alert tone="error">{errorMessage(create.error)}</Alert>
          )}
        </form>
      )}
    </Dialog>
  );
}
