import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link } from "react-router-dom";
import { ContactEmail, LegalLayout, LegalSection } from "./LegalLayout.tsx";

const TOC = [
  { id: "responsable", title: "Responsable du traitement" },
  { id: "donnees", title: "Données que nous traitons" },
  { id: "sensibles", title: "Informations sensibles" },
  { id: "finalites", title: "Finalités et bases légales" },
  { id: "destinataires", title: "Destinataires" },
  { id: "transferts", title: "Transferts hors de l'Union européenne" },
  { id: "conservation", title: "Durées de conservation" },
  { id: "droits", title: "Vos droits" },
  { id: "cnil", title: "Réclamation auprès de la CNIL" },
  { id: "cookies", title: "Cookies" },
  { id: "securite", title: "Sécurité" },
  { id: "mineurs", title: "Mineurs" },
  { id: "modifications", title: "Modifications de cette politique" },
] as const;

export default function PrivacyPolicyPage() {
  usePageTitle("Politique de confidentialité");
  return (
    <LegalLayout
      title="Politique de confidentialité"
      toc={TOC}
      intro={
        <p>
          Cette politique explique quelles données personnelles Passerelle traite, pourquoi, combien de temps
          et comment exercer vos droits, conformément au Règlement général sur la protection des données
          (RGPD) et à la loi « Informatique et Libertés » du 6 janvier 1978 modifiée.
        </p>
      }
    >
      <LegalSection id="responsable" title="1. Responsable du traitement">
        <p>
          Le responsable du traitement est Passerelle, service de rencontres en ligne établi à Paris, France.
          Pour toute question relative à vos données, y compris pour exercer vos droits, vous pouvez nous
          écrire à <ContactEmail />.
        </p>
      </LegalSection>

      <LegalSection id="donnees" title="2. Données que nous traitons">
        <h3>Données de compte</h3>
        <ul>
          <li>votre adresse e-mail ;</li>
          <li>
            votre mot de passe, que nous ne conservons jamais en clair : seule une empreinte chiffrée («
            hachage ») est enregistrée ;
          </li>
          <li>vos confirmations d'âge et d'acceptation des conditions d'utilisation, avec leur date.</li>
        </ul>
        <h3>Données de profil</h3>
        <ul>
          <li>
            prénom, nom, genre, ce que vous recherchez, date de naissance (les autres membres voient votre
            âge), pays ;
          </li>
          <li>
            numéro de téléphone, facultatif, qui n'est <strong>jamais montré aux autres membres</strong> ;
          </li>
          <li>présentation, profession, formation, langues parlées et centres d'intérêt ;</li>
          <li>
            vos photos : elles sont réencodées à leur réception, ce qui supprime les métadonnées qu'elles
            contiennent (notamment la position GPS de la prise de vue).
          </li>
        </ul>
        <h3>Données d'utilisation du service</h3>
        <ul>
          <li>les profils que vous aimez ou écartez, vos matchs ;</li>
          <li>les messages échangés avec vos matchs ;</li>
          <li>les signalements que vous effectuez ou qui vous concernent.</li>
        </ul>
        <h3>Données d'abonnement et de paiement</h3>
        <ul>
          <li>
            la formule choisie, ses dates de début et de fin, le montant payé et la référence de la
            transaction ;
          </li>
          <li>
            les données de carte bancaire sont saisies directement auprès de notre prestataire de paiement :
            elles ne transitent pas par nos serveurs et nous ne les conservons jamais.
          </li>
        </ul>
        <h3>Données techniques</h3>
        <ul>
          <li>un cookie de session, indispensable pour vous garder connecté(e) ;</li>
          <li>
            votre adresse IP et la date de vos connexions, utilisées pour la sécurité du service, la
            limitation des tentatives de connexion et la prévention de la fraude.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sensibles" title="3. Informations sensibles">
        <p>
          Certaines informations que vous choisissez de publier sur votre profil (par exemple vos langues,
          votre pays, votre présentation, vos centres d'intérêt comme la spiritualité, ou vos photos) peuvent
          révéler indirectement votre origine, vos convictions religieuses ou philosophiques, ou votre
          orientation sexuelle. Ces informations relèvent des catégories particulières de données de l'article
          9 du RGPD.
        </p>
        <p>
          Leur publication est toujours facultative. En les renseignant, vous donnez votre consentement exprès
          à leur traitement dans le seul but de vous présenter aux autres membres. Vous pouvez les modifier ou
          les supprimer à tout moment depuis votre profil, ce qui retire votre consentement pour l'avenir.
        </p>
      </LegalSection>

      <LegalSection id="finalites" title="4. Finalités et bases légales">
        <ul>
          <li>
            <strong>Fournir le service</strong> (création et gestion du compte, profil, recherche de profils,
            matchs, messagerie, abonnement) : exécution du contrat qui nous lie, c'est-à-dire nos{" "}
            <Link to="/terms-of-use">conditions d'utilisation</Link>.
          </li>
          <li>
            <strong>Assurer la sécurité</strong> du service et de ses membres, prévenir la fraude, les
            arnaques et les faux profils, traiter les signalements et appliquer la modération : intérêt
            légitime de Passerelle et de ses membres.
          </li>
          <li>
            <strong>Tenir notre comptabilité</strong> et conserver les pièces justificatives des paiements :
            obligation légale.
          </li>
          <li>
            <strong>Traiter les informations sensibles</strong> que vous choisissez de publier : votre
            consentement exprès (voir la section 3).
          </li>
          <li>
            <strong>Vous envoyer les e-mails nécessaires</strong> au service (confirmation d'adresse,
            réinitialisation du mot de passe, informations sur votre abonnement) : exécution du contrat.
          </li>
        </ul>
        <p>Nous ne vendons pas vos données et nous ne les utilisons pas à des fins publicitaires.</p>
      </LegalSection>

      <LegalSection id="destinataires" title="5. Destinataires">
        <p>Vos données ne sont accessibles qu'aux personnes qui en ont besoin :</p>
        <ul>
          <li>
            les autres membres voient votre profil public (prénom, âge, pays, photos, présentation, langues,
            centres d'intérêt, ce que vous recherchez) et les messages que vous leur adressez ; jamais votre
            e-mail ni votre téléphone ;
          </li>
          <li>les administrateurs habilités de Passerelle, pour la modération et l'assistance ;</li>
          <li>
            nos sous-traitants techniques, qui agissent uniquement sur nos instructions : hébergement, envoi
            d'e-mails et prestataire de paiement ;
          </li>
          <li>les autorités, lorsque la loi nous y oblige.</li>
        </ul>
      </LegalSection>

      <LegalSection id="transferts" title="6. Transferts hors de l'Union européenne">
        <p>
          Nous privilégions des prestataires qui hébergent les données dans l'Union européenne. Si un
          prestataire (par exemple de paiement ou d'envoi d'e-mails) traite des données hors de l'Union
          européenne, le transfert est encadré par une décision d'adéquation de la Commission européenne ou
          par les clauses contractuelles types adoptées par celle-ci. Vous pouvez obtenir une copie de ces
          garanties en nous écrivant.
        </p>
      </LegalSection>

      <LegalSection id="conservation" title="7. Durées de conservation">
        <ul>
          <li>
            <strong>Compte, profil, photos, matchs et messages</strong> : tant que votre compte est actif. Ils
            sont supprimés lorsque vous supprimez votre compte.
          </li>
          <li>
            <strong>Comptes inactifs</strong> : un compte sans connexion pendant 2 ans est supprimé, après un
            e-mail de prévenance.
          </li>
          <li>
            <strong>Journaux de sécurité</strong> (adresses IP, connexions) : 12 mois.
          </li>
          <li>
            <strong>Pièces comptables</strong> liées aux abonnements : 10 ans, conformément à l'article
            L123-22 du Code de commerce.
          </li>
          <li>
            <strong>Données liées à une sanction</strong> (par exemple l'exclusion pour arnaque) : le temps
            nécessaire pour empêcher la réinscription de la personne exclue et, le cas échéant, pour la
            défense de nos droits.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="droits" title="8. Vos droits">
        <p>Vous disposez à tout moment des droits suivants sur vos données :</p>
        <ul>
          <li>droit d'accès : savoir quelles données nous détenons et en obtenir une copie ;</li>
          <li>droit de rectification : corriger des données inexactes (la plupart depuis votre profil) ;</li>
          <li>droit à l'effacement : obtenir la suppression de vos données ;</li>
          <li>droit à la limitation du traitement ;</li>
          <li>
            droit à la portabilité : recevoir les données que vous nous avez fournies dans un format courant ;
          </li>
          <li>droit d'opposition aux traitements fondés sur notre intérêt légitime ;</li>
          <li>droit de retirer votre consentement à tout moment, pour l'avenir ;</li>
          <li>
            droit de définir des directives relatives au sort de vos données après votre décès (article 85 de
            la loi « Informatique et Libertés »).
          </li>
        </ul>
        <p>
          Pour exercer ces droits, écrivez-nous à <ContactEmail />. Nous répondons dans un délai d'un mois,
          qui peut être prolongé de deux mois pour les demandes complexes. Nous pourrons vous demander de
          justifier de votre identité en cas de doute raisonnable.
        </p>
      </LegalSection>

      <LegalSection id="cnil" title="9. Réclamation auprès de la CNIL">
        <p>
          Si vous estimez que le traitement de vos données ne respecte pas la réglementation, vous pouvez
          introduire une réclamation auprès de la Commission nationale de l'informatique et des libertés
          (CNIL), 3 place de Fontenoy, 75007 Paris, ou en ligne sur{" "}
          <a href="https://www.cnil.fr" target="_blank" rel="noreferrer">
            www.cnil.fr
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="10. Cookies">
        <p>
          Passerelle n'utilise qu'un seul cookie, strictement nécessaire au fonctionnement du service : le
          cookie de session, qui vous garde connecté(e) de façon sécurisée. Il n'est pas lisible par les
          scripts de la page et il est supprimé à votre déconnexion ou, au plus tard, à l'expiration de votre
          session. Conformément à l'article 82 de la loi « Informatique et Libertés », ce cookie ne nécessite
          pas votre consentement.
        </p>
        <p>Nous n'utilisons aucun cookie publicitaire, de mesure d'audience ou de réseau social.</p>
      </LegalSection>

      <LegalSection id="securite" title="11. Sécurité">
        <ul>
          <li>connexions chiffrées (HTTPS) ;</li>
          <li>
            mots de passe stockés sous forme d'empreinte, avec un algorithme conçu pour résister aux attaques
            ;
          </li>
          <li>limitation du nombre de tentatives de connexion ;</li>
          <li>suppression des métadonnées des photos (dont la localisation) ;</li>
          <li>accès aux outils d'administration réservé à des personnes habilitées et authentifiées ;</li>
          <li>sauvegardes régulières et contrôle des accès aux serveurs.</li>
        </ul>
        <p>
          En cas de violation de données présentant un risque pour vos droits, nous en informons la CNIL dans
          les 72 heures et, si le risque est élevé, les personnes concernées.
        </p>
      </LegalSection>

      <LegalSection id="mineurs" title="12. Mineurs">
        <p>
          Passerelle est strictement réservé aux personnes âgées de 18 ans ou plus. Nous ne collectons pas
          sciemment de données concernant des mineurs. Tout compte dont nous apprenons qu'il appartient à une
          personne mineure est supprimé. Vous pouvez nous signaler un tel compte à <ContactEmail />.
        </p>
      </LegalSection>

      <LegalSection id="modifications" title="13. Modifications de cette politique">
        <p>
          Nous pouvons faire évoluer cette politique, notamment pour suivre l'évolution du service ou de la
          réglementation. En cas de modification importante, nous vous en informons par e-mail ou lors de
          votre prochaine connexion. La date de dernière mise à jour figure en haut de cette page.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
