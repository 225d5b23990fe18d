import { ShieldAppeal } from "@web/features/safety/index.ts";
import { quoted } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link } from "react-router-dom";
import { ContactEmail, LegalLayout, LegalSection } from "./LegalLayout.tsx";

const TOC = [
  { id: "bouclier", title: "Le Bouclier de Passerelle" },
  { id: "signes", title: "Les signes d’une arnaque aux sentiments" },
  { id: "jamais", title: "Ce que Passerelle ne vous demandera jamais" },
  { id: "equite", title: "Les mêmes règles pour tous" },
  { id: "appel", title: "Si votre compte est restreint" },
  { id: "victime", title: "Si vous avez envoyé de l’argent" },
] as const;

/**
 * /protection, « Comment Passerelle vous protège » (issue 36): what the shield does, the signs of a
 * romance scam, what Passerelle never asks, fairness, and the appeal of a restricted member.
 */
export default function ProtectionPage() {
  usePageTitle("Comment Passerelle vous protège");
  return (
    <LegalLayout
      title="Comment Passerelle vous protège"
      toc={TOC}
      intro={
        <p>
          La plupart des personnes que vous rencontrerez ici sont sincères. Quelques-unes ne le sont pas :
          elles se font passer pour quelqu’un d’autre et finissent par demander de l’argent. Voici ce que
          Passerelle fait pour les arrêter, et ce que vous pouvez faire.
        </p>
      }
    >
      <LegalSection id="bouclier" title="1. Le Bouclier de Passerelle">
        <ul>
          <li>
            <strong>Les demandes d’argent sont retenues.</strong> Quand un compte récent ou non vérifié
            demande de l’argent ou indique comment lui en envoyer (Western Union, MoneyGram, coupons PCS,
            Transcash ou Neosurf, mobile money, virement, cryptomonnaie), son message est remplacé par un
            avertissement. Vous ne le lisez que si vous le choisissez, et vous pouvez signaler ou bloquer en
            un geste.
          </li>
          <li>
            <strong>Les numéros sont masqués au début.</strong> Un numéro de téléphone, une adresse e-mail ou
            un identifiant WhatsApp, Telegram, Signal ou Snapchat reste masqué tant que vous n’êtes pas tous
            les deux vérifiés par selfie. Rester sur Passerelle vous protège.
          </li>
          <li>
            <strong>Les comportements suspects sont examinés.</strong> Le même message envoyé à beaucoup de
            membres, une rafale de {quoted("J’aime")}, des signalements : un compte qui cumule ces signaux
            voit les premiers messages de ses nouvelles conversations attendre l’avis d’un modérateur ou une
            vérification par selfie. Personne n’est banni sans qu’un membre de l’équipe ait examiné son cas.
          </li>
          <li>
            <strong>La vérification par selfie compte.</strong> Un {quoted("Profil vérifié")} a montré en
            direct qu’il correspond à ses photos. Il peut commencer plus de conversations chaque jour.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="signes" title="2. Les signes d’une arnaque aux sentiments">
        <ul>
          <li>Des déclarations d’amour très rapides, avant même de vous connaître.</li>
          <li>L’envie de quitter Passerelle tout de suite pour WhatsApp ou Telegram.</li>
          <li>Des excuses pour ne jamais faire d’appel vidéo.</li>
          <li>
            Un problème soudain qui coûte de l’argent : frais de douane pour un colis, hôpital, visa, billet
            d’avion, héritage bloqué, amende.
          </li>
          <li>
            Une demande de codes de coupons (PCS, Transcash, Neosurf, cartes cadeaux), d’un transfert Western
            Union ou MoneyGram, d’un dépôt mobile money ou de cryptomonnaie.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="jamais" title="3. Ce que Passerelle ne vous demandera jamais">
        <p>
          Passerelle ne vous demandera jamais d’argent, de code de coupon, ni vos coordonnées bancaires par
          message. Votre abonnement se paie uniquement sur la page {quoted("Abonnement")} du site. Une
          personne sincère ne vous demandera pas d’argent non plus avant de vous avoir rencontré.
        </p>
      </LegalSection>

      <LegalSection id="equite" title="4. Les mêmes règles pour tous">
        <p>
          Le Bouclier regarde ce qu’un compte fait, jamais d’où vient la personne : les mêmes règles valent
          pour tous les membres, en Afrique comme en Europe. Notre équipe suit chaque semaine la part des
          membres restreints par pays d’origine et par pays de résidence, pour qu’aucune règle ne pèse sur un
          pays en particulier.
        </p>
      </LegalSection>

      <LegalSection id="appel" title="5. Si votre compte est restreint">
        <p>
          Si l’équipe vous a demandé de vérifier votre profil avant de commencer de nouvelles conversations,
          la vérification par selfie lève cette restriction dès qu’elle réussit. Si vous pensez qu’il s’agit
          d’une erreur, vous pouvez faire appel ici : un membre de l’équipe lira votre demande.
        </p>
        <ShieldAppeal />
        <p>
          Vous pouvez aussi nous écrire à <ContactEmail />.
        </p>
      </LegalSection>

      <LegalSection id="victime" title="6. Si vous avez envoyé de l’argent">
        <ul>
          <li>N’envoyez plus rien, même si l’on vous promet de vous rembourser.</li>
          <li>
            Signalez le profil depuis la conversation (bouton {quoted("Signaler")}) : notre équipe l’examine
            et protège les autres membres.
          </li>
          <li>
            Contactez votre banque ou votre opérateur de mobile money au plus vite, et portez plainte auprès
            de la police ou de la gendarmerie. En France, le service Info Escroqueries répond au 0 805 805 817
            (appel gratuit).
          </li>
        </ul>
        <p>
          <Link to="/messages">Retour à mes messages</Link>
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
