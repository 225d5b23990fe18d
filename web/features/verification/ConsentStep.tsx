import { Alert } from "@web/components/ui/Alert.tsx";
import { Button, buttonClasses } from "@web/components/ui/Button.tsx";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import { quoted } from "@web/lib/format.ts";
import { Camera } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { attemptsLeftText } from "./VerificationStatus.tsx";

/**
 * What the verification does with the member's face, before any access to the camera: the
 * camera is asked for only once they have ticked the box and pressed the button (GDPR art. 9(2)(a):
 * biometric data, explicit consent). Cancelling goes back to the profile without touching it.
 */
export function ConsentStep({
  onAccept,
  attemptsLeft,
  resumable,
}: {
  onAccept: () => void;
  attemptsLeft: number;
  /** An interrupted attempt can be taken up again without using another. */
  resumable: boolean;
}) {
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const box = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setError("Cochez la case pour donner votre accord, ou annulez.");
      box.current?.focus();
      return;
    }
    onAccept();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby="consent-title">
      <h2
        id="consent-title"
        tabIndex={-1}
        className="text-xl font-bold text-teal-900 outline-none sm:text-2xl"
      >
        Avant d’activer la caméra
      </h2>
      <p>
        En une quinzaine de secondes, prouvez que vous êtes bien la personne de vos photos : les autres
        membres verront le badge {quoted("Profil vérifié")} sur votre profil. La vérification est facultative.
      </p>
      <dl className="flex flex-col gap-4">
        <div>
          <dt className="font-semibold text-teal-900">Ce que nous faisons</dt>
          <dd className="text-ink-soft">
            La caméra de votre appareil prend quelques selfies en direct pendant que vous suivez deux gestes
            demandés à l’écran (pencher ou tourner la tête, sourire). Ces images sont comparées à vos photos
            de profil <strong>sur nos serveurs</strong>, par notre propre logiciel : elles ne sont envoyées à
            aucun service extérieur.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-teal-900">Dans quel but</dt>
          <dd className="text-ink-soft">
            Montrer aux autres membres que votre profil est authentique et lutter contre les faux profils.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-teal-900">Sur quelle base</dt>
          <dd className="text-ink-soft">
            Les traits de votre visage sont des données biométriques : nous ne les traitons qu’avec votre
            consentement explicite (article 9, paragraphe 2, a, du RGPD), que vous donnez ci-dessous.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-teal-900">Combien de temps</dt>
          <dd className="text-ink-soft">
            Les images sont analysées puis oubliées : elles ne sont pas enregistrées. Seule exception : si le
            résultat est incertain, une image est gardée pour qu’un administrateur la regarde, et supprimée
            dès sa décision. La description chiffrée de votre visage n’est gardée que tant que votre badge est
            valable, pour vérifier qu’une nouvelle photo principale vous montre toujours.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-teal-900">Retirer votre accord</dt>
          <dd className="text-ink-soft">
            À tout moment : supprimez vos photos ou votre compte, et le badge et la description de votre
            visage sont effacés. Le détail figure dans notre{" "}
            <Link to="/privacy-policy#verification" className="text-teal-700 underline underline-offset-2">
              politique de confidentialité
            </Link>
            .
          </dd>
        </div>
      </dl>
      <Alert tone="info" title="Pour réussir du premier coup">
        <p>
          Placez-vous face à la lumière, seul(e) à l’image, le visage dégagé. Tenez votre téléphone immobile
          et faites chaque geste lentement, puis gardez-le jusqu’à la consigne suivante.
        </p>
        <p className="mt-2">
          {resumable
            ? "Vous pouvez reprendre l’essai que vous avez interrompu sans en utiliser un autre, pendant encore une minute au moins."
            : `${attemptsLeftText(attemptsLeft)} Un essai compte dès que les consignes commencent, même s’il est interrompu ; si vous l’interrompez, vous pouvez le reprendre dans les deux minutes sans en utiliser un autre.`}
        </p>
      </Alert>
      <Checkbox
        id="verification-consent"
        ref={box}
        checked={agreed}
        onChange={(e) => {
          setAgreed(e.target.checked);
          if (e.target.checked) setError(undefined);
        }}
        error={error}
        label="J’accepte que mon visage soit filmé et comparé à mes photos de profil pour vérifier mon profil, dans les conditions ci-dessus."
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg">
          <Camera className="size-5" aria-hidden="true" />
          J’accepte et j’active la caméra
        </Button>
        <Link to="/profile" className={buttonClasses("ghost", "lg")}>
          Annuler
        </Link>
      </div>
    </form>
  );
}
