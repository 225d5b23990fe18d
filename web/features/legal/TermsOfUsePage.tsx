import { quoted } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link } from "react-router-dom";
import { ContactEmail, LegalLayout, LegalSection } from "./LegalLayout.tsx";

const TOC = [
  { id: "objet", title: "Objet" },
  { id: "acces", title: "Accès au service : 18 ans et plus" },
  { id: "compte", title: "Compte et exactitude des informations" },
  { id: "conduite", title: "Règles de conduite" },
  { id: "moderation", title: "Modération et sanctions" },
  { id: "abonnement", title: "Abonnement et droit de rétractation" },
  { id: "responsabilite", title: "Responsabilité" },
  { id: "resiliation", title: "Résiliation" },
  { id: "propriete", title: "Propriété intellectuelle" },
  { id: "donnees", title: "Données personnelles" },
  { id: "droit", title: "Droit applicable, médiation et litiges" },
  { id: "contact", title: "Contact" },
] as const;

export default function TermsOfUsePage() {
  usePageTitle("Conditions d’utilisation");
  return (
    <LegalLayout
      title="Conditions d’utilisation"
      toc={TOC}
      intro={
        <p>
          Les présentes conditions régissent l’utilisation du service Passerelle. En créant un compte, vous
          les acceptez sans réserve. Lisez-les attentivement.
        </p>
      }
    >
      <LegalSection id="objet" title="1. Objet">
        <p>
          Passerelle est un service de rencontres en ligne, en langue française, édité depuis Paris, France.
          Il permet à des personnes francophones d’Afrique et d’Europe de se présenter, de découvrir des
          profils, d’exprimer leur intérêt et, en cas de match, d’échanger des messages, dans le but de nouer
          des relations sincères et interculturelles.
        </p>
        <p>
          Passerelle met en relation ses membres mais n’est pas partie aux relations qui se nouent entre eux.
          Le service n’est pas une agence matrimoniale.
        </p>
      </LegalSection>

      <LegalSection id="acces" title="2. Accès au service : 18 ans et plus">
        <p>
          Le service est strictement réservé aux personnes physiques âgées de 18 ans ou plus, agissant à titre
          personnel et non professionnel. En vous inscrivant, vous certifiez avoir 18 ans ou plus. Tout compte
          créé par une personne mineure sera supprimé.
        </p>
      </LegalSection>

      <LegalSection id="compte" title="3. Compte et exactitude des informations">
        <ul>
          <li>Vous ne pouvez détenir qu’un seul compte, strictement personnel.</li>
          <li>
            Les informations de votre profil doivent être exactes, sincères et à jour. Vos photos doivent vous
            représenter, vous seul(e), de façon reconnaissable.
          </li>
          <li>
            Vous êtes responsable de la confidentialité de votre mot de passe et de l’usage de votre compte.
            Prévenez-nous sans délai en cas d’utilisation frauduleuse.
          </li>
          <li>
            Votre numéro de téléphone n’est jamais montré aux autres membres ; ne publiez pas vos coordonnées
            personnelles dans votre présentation.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="conduite" title="4. Règles de conduite">
        <p>
          Sur Passerelle, chacun s’engage à traiter les autres membres avec respect. Il est notamment
          interdit :
        </p>
        <ul>
          <li>
            de tenir des propos injurieux, racistes, sexistes, homophobes, discriminatoires ou dégradants,
            quelle que soit l’origine, la culture ou la religion de la personne visée ;
          </li>
          <li>de harceler un membre, d’insister après un refus ou de le menacer ;</li>
          <li>
            de demander de l’argent, des cadeaux, des recharges ou des transferts, sous quelque prétexte que
            ce soit, et plus généralement de se livrer à toute arnaque ou escroquerie, y compris
            sentimentale ;
          </li>
          <li>
            d’utiliser le service à des fins commerciales, publicitaires ou de prostitution, ou de proposer
            des relations tarifées ;
          </li>
          <li>
            de créer un faux profil, d’usurper l’identité d’autrui ou d’utiliser les photos d’une autre
            personne ;
          </li>
          <li>
            de publier des contenus illicites, pornographiques, violents ou portant atteinte aux droits
            d’autrui (vie privée, droit à l’image, propriété intellectuelle) ;
          </li>
          <li>de collecter les données d’autres membres ou d’automatiser l’utilisation du service.</li>
        </ul>
        <p>
          Ne transmettez jamais d’argent à une personne rencontrée sur le service et signalez-nous tout
          comportement suspect.
        </p>
      </LegalSection>

      <LegalSection id="moderation" title="5. Modération et sanctions">
        <p>
          Passerelle peut examiner les profils, photos et contenus signalés ou détectés comme contraires aux
          présentes conditions. En cas de manquement, et selon sa gravité, Passerelle peut retirer un contenu,
          adresser un avertissement, suspendre temporairement le compte ou le supprimer définitivement, avec
          interdiction de se réinscrire. Sauf urgence (arnaque, menace, contenu illicite), le membre est
          informé de la mesure et de ses motifs et peut présenter ses observations à <ContactEmail />.
        </p>
        <p>
          La suppression d’un compte pour manquement grave ne donne lieu à aucun remboursement de la période
          d’abonnement restant à courir. Les contenus manifestement illicites peuvent être signalés aux
          autorités compétentes.
        </p>
      </LegalSection>

      <LegalSection id="abonnement" title="6. Abonnement et droit de rétractation">
        <h3>Formules et prix</h3>
        <p>
          Certaines fonctionnalités nécessitent un abonnement payant. Les formules disponibles, leur prix
          toutes taxes comprises et leur durée sont présentés sur la page{" "}
          <Link to="/subscription">Abonnement</Link> avant toute commande. Le paiement est exigible à la
          commande et traité par notre prestataire de paiement sécurisé.
        </p>
        <h3>Durée et renouvellement</h3>
        <p>
          L’abonnement prend effet dès la confirmation du paiement, pour la durée de la formule choisie. Il
          n’est pas renouvelé automatiquement, sauf mention contraire clairement indiquée lors de la
          commande ; dans ce cas, vous pouvez désactiver le renouvellement à tout moment, et nous vous le
          rappelons avant chaque échéance.
        </p>
        <h3>Droit de rétractation</h3>
        <p>
          Conformément à l’article L221-18 du Code de la consommation, vous disposez d’un délai de 14 jours à
          compter de la souscription pour vous rétracter, sans avoir à motiver votre décision, en nous
          adressant une déclaration dénuée d’ambiguïté à <ContactEmail />. Le remboursement intervient dans
          les 14 jours suivant votre demande, par le moyen de paiement utilisé.
        </p>
        <p>
          Si vous demandez expressément que le service commence avant la fin de ce délai et que vous
          reconnaissez perdre votre droit de rétractation une fois le service pleinement exécuté, ce droit ne
          peut plus être exercé dans les conditions prévues par l’article L221-28 du Code de la consommation.
          Si vous vous rétractez après avoir demandé le commencement du service, vous restez redevable d’un
          montant proportionnel au service fourni jusqu’à la communication de votre rétractation (article
          L221-25).
        </p>
      </LegalSection>

      <LegalSection id="responsabilite" title="7. Responsabilité">
        <p>
          Passerelle met en œuvre les moyens raisonnables pour assurer l’accès au service et sa sécurité, sans
          pouvoir garantir une disponibilité permanente : des interruptions peuvent survenir, notamment pour
          maintenance.
        </p>
        <p>
          Chaque membre est seul responsable des informations qu’il publie, des messages qu’il envoie et de
          son comportement, en ligne comme lors d’éventuelles rencontres. Passerelle ne vérifie pas l’identité
          de chaque membre et ne peut garantir l’exactitude des profils, ni l’issue d’une rencontre. Soyez
          prudent(e) : pour une première rencontre, choisissez un lieu public et prévenez un proche.
        </p>
        <p>
          Rien dans les présentes conditions n’exclut la responsabilité de Passerelle lorsqu’elle ne peut être
          exclue par la loi, ni les droits que vous tenez du Code de la consommation.
        </p>
      </LegalSection>

      <LegalSection id="resiliation" title="8. Résiliation">
        <p>
          Vous pouvez mettre fin à votre utilisation du service à tout moment : supprimez votre compte depuis
          votre profil (rubrique {quoted("Vie privée")}), ou demandez-nous de le faire en écrivant à{" "}
          <ContactEmail />. La suppression entraîne l’effacement de votre profil, de vos photos et de vos
          messages, sous réserve des durées de conservation légales indiquées dans notre{" "}
          <Link to="/privacy-policy">politique de confidentialité</Link>.
        </p>
        <p>
          Passerelle peut résilier votre compte en cas de manquement aux présentes conditions, dans les
          conditions prévues à la section 5.
        </p>
      </LegalSection>

      <LegalSection id="propriete" title="9. Propriété intellectuelle">
        <p>
          Le nom Passerelle, le site, son graphisme, ses textes et ses logiciels sont protégés par le droit de
          la propriété intellectuelle ; toute reproduction non autorisée est interdite.
        </p>
        <p>
          Vous restez titulaire des droits sur vos photos et textes. Vous accordez à Passerelle, pour la seule
          durée de votre inscription et uniquement pour faire fonctionner le service, une licence gratuite et
          non exclusive pour les héberger, les adapter techniquement (redimensionnement, format) et les
          afficher aux autres membres. Vous garantissez disposer des droits nécessaires sur les contenus que
          vous publiez.
        </p>
      </LegalSection>

      <LegalSection id="donnees" title="10. Données personnelles">
        <p>
          Le traitement de vos données personnelles est décrit dans notre{" "}
          <Link to="/privacy-policy">politique de confidentialité</Link>, qui fait partie intégrante des
          présentes conditions.
        </p>
      </LegalSection>

      <LegalSection id="droit" title="11. Droit applicable, médiation et litiges">
        <p>Les présentes conditions sont soumises au droit français.</p>
        <p>
          En cas de difficulté, écrivez-nous d’abord à <ContactEmail /> : nous chercherons une solution
          amiable. Si vous êtes consommateur et que votre réclamation écrite n’a pas abouti, vous pouvez
          recourir gratuitement à un médiateur de la consommation, conformément aux articles L611-1 et
          suivants du Code de la consommation ; ses coordonnées vous sont communiquées sur simple demande.
        </p>
        <p>
          À défaut d’accord, le litige est porté devant les juridictions françaises compétentes. Si vous êtes
          consommateur, vous pouvez saisir, à votre choix, la juridiction du lieu où vous demeuriez au moment
          de la conclusion du contrat ou de la survenance du fait dommageable, ou toute autre juridiction
          compétente en application de la loi. Dans les autres cas, les tribunaux de Paris sont seuls
          compétents.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="12. Contact">
        <p>
          Passerelle, Paris, France. Pour toute question sur ces conditions ou sur le service :{" "}
          <ContactEmail />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
