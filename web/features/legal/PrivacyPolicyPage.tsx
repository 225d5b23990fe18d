import { COOKIES } from "@domain/safety.ts";
import { quoted } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Link } from "react-router-dom";
import { ContactEmail, LegalLayout, LegalSection } from "./LegalLayout.tsx";

const TOC = [
  { id: "responsable", title: "Responsable du traitement" },
  { id: "donnees", title: "Données que nous traitons" },
  { id: "sensibles", title: "Informations sensibles" },
  { id: "verification", title: "Vérification du profil (données biométriques)" },
  { id: "finalites", title: "Finalités et bases légales" },
  { id: "destinataires", title: "Destinataires" },
  { id: "transferts", title: "Transferts hors de l’Union européenne" },
  { id: "conservation", title: "Durées de conservation" },
  { id: "suppression", title: "Ce que fait la suppression de votre compte" },
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
          (RGPD) et à la loi {quoted("Informatique et Libertés")} du 6 janvier 1978 modifiée.
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
        <p>Voici, exactement, ce que Passerelle enregistre.</p>
        <h3>Votre compte</h3>
        <ul>
          <li>votre adresse e-mail, et si vous l’avez confirmée ;</li>
          <li>
            votre mot de passe, que nous ne conservons jamais en clair : seule une empreinte (
            {quoted("hachage")}) est enregistrée ;
          </li>
          <li>
            la date de création de votre compte, celle de sa dernière modification, et la date et l’heure
            auxquelles vous avez accepté les conditions d’utilisation en confirmant avoir 18 ans ou plus ;
          </li>
          <li>pour les administrateurs qui l’activent, le secret de la double authentification.</li>
        </ul>
        <h3>Votre profil et vos photos</h3>
        <ul>
          <li>
            prénom, nom, genre, ce que vous recherchez, date de naissance (les autres membres voient votre
            âge), pays ;
          </li>
          <li>
            numéro de téléphone, facultatif, qui n’est <strong>jamais montré aux autres membres</strong> ;
          </li>
          <li>présentation, profession, formation, langues parlées et centres d’intérêt ;</li>
          <li>
            vos photos (six au plus) : elles sont réencodées à leur réception, ce qui supprime les métadonnées
            qu’elles contiennent (notamment la position GPS et le modèle de l’appareil).
          </li>
        </ul>
        <h3>La vérification de votre profil, si vous la faites</h3>
        <p>
          Le résultat de chaque essai (vérifié, refusé et pourquoi, ou à examiner), sa date et, tant que votre
          badge {quoted("Profil vérifié")} est valable, la description chiffrée de votre visage : le détail
          est à la section 4.
        </p>
        <h3>Vos rencontres</h3>
        <ul>
          <li>les profils que vous aimez ou que vous passez, avec leur date ;</li>
          <li>vos matchs, avec leur date et, s’il a été retiré, qui l’a retiré ;</li>
          <li>
            les messages échangés avec vos matchs : leur texte, leur date d’envoi et leur date de lecture ;
          </li>
          <li>
            vos messages vocaux et votre présentation vocale : l’enregistrement tel que votre navigateur l’a
            produit, sa durée et sa forme d’onde. Seuls les deux membres de la conversation entendent un
            message vocal (et un administrateur, s’il est signalé) ; votre présentation vocale, seuls les
            membres qui peuvent voir votre profil. Ils sont inclus dans l’export de vos données et effacés
            avec la conversation ou votre compte ;
          </li>
          <li>
            vos appels : si vous les autorisez dans une conversation, avec qui, quand, en audio ou en vidéo,
            et comment chaque appel s’est terminé (sa durée, ou manqué, refusé). Les appels passent d’un
            navigateur à l’autre, chiffrés, par notre serveur de relais, qui voit l’adresse IP de votre
            connexion pendant l’appel mais ni le son ni l’image.{" "}
            <strong>Aucun appel n’est jamais enregistré</strong>, ni par Passerelle, ni par le relais, et
            votre numéro de téléphone n’est jamais donné à l’autre membre ;
          </li>
          <li>
            vos rendez-vous partagés et vos liens « Présenter à ma famille » : la carte de quel match, ce que
            vous avez ajouté (lieu, date, voyage), le prénom du proche, son mot, et quand le lien a été
            ouvert. Le lien lui-même n’est pas conservé, seule son empreinte : même une copie de notre base ne
            l’ouvre pas. Le membre dont la carte est partagée en est informé ;
          </li>
          <li>
            vos points sécurité : l’heure prévue, le délai, votre mot, et le prénom et l’adresse e-mail des
            personnes à prévenir, qui ne reçoivent un e-mail que si vous ne confirmez pas que tout va bien ;
          </li>
          <li>
            vos réglages de discrétion (masquer votre profil à votre pays, votre ville ou votre pays
            d’origine, flouter vos photos, notifications discrètes) et les membres à qui vous avez montré vos
            photos ;
          </li>
          <li>les membres que vous avez bloqués, avec la date du blocage.</li>
        </ul>
        <h3>Abonnements et paiements</h3>
        <ul>
          <li>
            la formule choisie, son statut, ses dates de début et de fin, le montant payé et sa devise, le
            prestataire et la référence de la transaction chez ce prestataire ;
          </li>
          <li>
            les données de carte bancaire sont saisies directement auprès de Stripe, notre prestataire de
            paiement, qui les traite : elles ne transitent pas par nos serveurs et nous ne les conservons
            jamais.
          </li>
        </ul>
        <h3>Sessions de connexion</h3>
        <ul>
          <li>
            pour chaque appareil connecté : la date d’ouverture et de dernière utilisation de la session, son
            expiration, votre adresse IP et l’identifiant de votre navigateur ({quoted("user agent")}) ;
          </li>
          <li>
            pour limiter les tentatives de connexion, un compteur de requêtes récentes par adresse IP, sur une
            fenêtre d’une minute.
          </li>
        </ul>
        <h3>Signalements et modération</h3>
        <ul>
          <li>les signalements que vous faites : la raison choisie, vos précisions et la date ;</li>
          <li>
            les signalements qui vous concernent : la raison, les précisions du membre qui a signalé, votre
            prénom, votre nom et votre adresse e-mail au moment du signalement, et une copie du message
            signalé, tel qu’il était à ce moment-là ;
          </li>
          <li>
            les signalements automatiques : un même premier message envoyé à cinq personnes ou plus en 24
            heures est signalé à l’équipe de modération, avec une copie de ce message ;
          </li>
          <li>
            la suite donnée par l’équipe de modération : le statut, la mesure prise (avertissement, photo
            retirée, bannissement), sa note et la date.
          </li>
        </ul>
        <p>
          Lorsqu’un message reçu parle d’argent, de moyens de paiement, propose de poursuivre ailleurs ou
          contient un lien, un conseil de prudence s’affiche sous ce message, dans votre navigateur
          seulement : cette analyse n’est ni enregistrée ni transmise.
        </p>
        <h3>Journal des actions des administrateurs</h3>
        <p>
          Chaque action d’un administrateur (connexion, bannissement, modification d’un profil, photo retirée,
          message supprimé, abonnement offert, traitement d’un signalement…) est inscrite dans un journal :
          l’administrateur, l’action, le compte concerné, un court résumé (qui peut contenir l’adresse e-mail
          du membre et le motif) et la date.
        </p>
        <h3>E-mails que nous vous envoyons</h3>
        <p>
          Nous vous écrivons seulement pour confirmer votre adresse e-mail, réinitialiser votre mot de passe,
          confirmer votre abonnement ou vous transmettre un avertissement de l’équipe de modération. Le texte
          de ces e-mails n’est pas enregistré dans nos bases ; les journaux techniques du serveur gardent le
          destinataire, l’objet et l’heure de l’envoi.
        </p>
      </LegalSection>

      <LegalSection id="sensibles" title="3. Informations sensibles">
        <p>
          Certaines informations que vous choisissez de publier sur votre profil (par exemple vos langues,
          votre pays, votre présentation, vos centres d’intérêt comme la spiritualité, ou vos photos) peuvent
          révéler indirectement votre origine, vos convictions religieuses ou philosophiques, ou votre
          orientation sexuelle. Ces informations relèvent des catégories particulières de données de l’article
          9 du RGPD.
        </p>
        <p>
          Leur publication est toujours facultative. En les renseignant, vous donnez votre consentement exprès
          à leur traitement dans le seul but de vous présenter aux autres membres. Vous pouvez les modifier ou
          les supprimer à tout moment depuis votre profil, ce qui retire votre consentement pour l’avenir.
        </p>
      </LegalSection>

      <LegalSection id="verification" title="4. Vérification du profil (données biométriques)">
        <p>
          La vérification est facultative. Elle vous permet de prouver que vous êtes la personne de vos
          photos : les autres membres voient alors le badge {quoted("Profil vérifié")} sur votre profil.
        </p>
        <h3>Ce qui est traité</h3>
        <ul>
          <li>
            quelques secondes de selfies pris en direct par la caméra de votre appareil (une suite de petites
            images, quatre par seconde, avec le moment où chacune a été prise), pendant que vous suivez deux
            gestes demandés à l’écran (pencher ou tourner la tête, sourire) ;
          </li>
          <li>
            à partir de ces images et de vos photos de profil, une description chiffrée de votre visage (une
            suite de nombres qui permet de comparer deux visages), la position de votre tête et votre
            expression : ce sont des <strong>données biométriques</strong> (article 9 du RGPD) ;
          </li>
          <li>le résultat de chaque essai : vérifié, refusé et la raison, ou à examiner, avec sa date ;</li>
          <li>
            si vous l’acceptez pendant votre premier appel vidéo, trois images de votre caméra, comparées à la
            description de votre visage gardée depuis votre vérification : le même visage donne le badge{" "}
            {quoted("Vu(e) en appel")} ; un autre visage laisse l’appel continuer et confie votre vérification
            à un administrateur, avec le seul taux de ressemblance. Ces images ne sont jamais enregistrées.
          </li>
        </ul>
        <h3>Finalité et base légale</h3>
        <p>
          Vérifier que vous êtes la personne de vos photos, afin de lutter contre les faux profils et les
          arnaques. Ce traitement repose sur votre <strong>consentement explicite</strong> (article 9,
          paragraphe 2, a, du RGPD), que vous donnez en cochant la case prévue avant que la caméra ne
          s’allume. Sans ce consentement, la caméra n’est pas utilisée et vous vous servez de Passerelle comme
          avant.
        </p>
        <h3>Où a lieu l’analyse</h3>
        <p>
          Les images sont analysées <strong>sur nos serveurs, par notre propre logiciel</strong>. Aucune image
          ni aucune donnée de votre visage ne quitte nos serveurs : rien n’est envoyé à un service extérieur.
        </p>
        <h3>Combien de temps</h3>
        <ul>
          <li>
            <strong>les selfies</strong> sont analysés puis oubliés : ils ne sont pas enregistrés. Seule
            exception : quand la ressemblance avec vos photos est incertaine, une image est gardée pour qu’un
            administrateur la compare à vos photos ; elle est supprimée dès sa décision ;
          </li>
          <li>
            <strong>la description chiffrée de votre visage</strong> est gardée seulement tant que votre badge
            est valable, pour vérifier qu’une nouvelle photo principale vous montre toujours. Si votre photo
            principale montre quelqu’un d’autre, ou plus aucun visage, le badge est retiré et cette
            description effacée ;
          </li>
          <li>
            <strong>le résultat de chaque essai</strong> (sans image) est gardé tant que votre compte existe.
          </li>
        </ul>
        <h3>Vos droits</h3>
        <ul>
          <li>
            vous pouvez retirer votre consentement à tout moment, pour l’avenir : supprimez vos photos ou
            votre compte, et le badge et la description de votre visage sont effacés. Vous pouvez aussi nous
            écrire à <ContactEmail /> ;
          </li>
          <li>
            le fichier de {quoted("Télécharger mes données")} comprend vos essais de vérification et, tant
            qu’elle est gardée, la description chiffrée de votre visage ;
          </li>
          <li>tout est effacé avec votre compte.</li>
        </ul>
      </LegalSection>

      <LegalSection id="finalites" title="5. Finalités et bases légales">
        <ul>
          <li>
            <strong>Fournir le service</strong> (création et gestion du compte, profil, recherche de profils,
            matchs, messagerie, abonnement) : exécution du contrat qui nous lie, c’est-à-dire nos{" "}
            <Link to="/terms-of-use">conditions d’utilisation</Link>.
          </li>
          <li>
            <strong>Assurer la sécurité</strong> du service et de ses membres, prévenir la fraude, les
            arnaques et les faux profils, traiter les signalements, appliquer la modération et en garder la
            trace : intérêt légitime de Passerelle et de ses membres, celui d’être protégés. Pour cela, le
            Bouclier de Passerelle lit les messages à leur envoi (demandes d’argent, numéros, textes envoyés à
            beaucoup de membres), note le pays depuis lequel vous écrivez (pas votre adresse IP) et compte
            certains comportements ; une personne de l’équipe examine tout compte restreint, et vous pouvez
            faire appel (voir <Link to="/protection">Comment Passerelle vous protège</Link>).
          </li>
          <li>
            <strong>Traiter les informations sensibles</strong> que vous choisissez de publier : votre
            consentement exprès (voir la section 3).
          </li>
          <li>
            <strong>Vérifier votre profil</strong> par des selfies en direct, si vous le demandez : votre
            consentement explicite (voir la section 4).
          </li>
          <li>
            <strong>Vous envoyer les e-mails nécessaires</strong> au service (confirmation d’adresse,
            réinitialisation du mot de passe, confirmation d’abonnement, avertissement de modération) :
            exécution du contrat et, pour les avertissements, intérêt légitime.
          </li>
        </ul>
        <p>Nous ne vendons pas vos données et nous ne les utilisons pas à des fins publicitaires.</p>
      </LegalSection>

      <LegalSection id="destinataires" title="6. Destinataires">
        <p>Vos données ne sont accessibles qu’aux personnes qui en ont besoin :</p>
        <ul>
          <li>
            les autres membres voient votre profil public (prénom et initiale du nom, âge, pays, photos,
            présentation, profession, formation, langues, centres d’intérêt, ce que vous recherchez, et la
            mention {quoted("E-mail vérifié")} si vous avez confirmé votre adresse, et le badge{" "}
            {quoted("Profil vérifié")} si vous avez vérifié votre profil) et les messages que vous leur
            adressez ; jamais votre e-mail, votre téléphone ni votre nom complet ;
          </li>
          <li>
            les administrateurs habilités de Passerelle, pour la modération et l’assistance ; ils voient
            notamment les signalements, avec le message signalé et les messages qui l’entourent, et l’image
            gardée d’une vérification de profil incertaine, le temps de décider ;
          </li>
          <li>
            nos sous-traitants techniques, qui agissent uniquement sur nos instructions : hébergement, envoi
            d’e-mails et paiement (Stripe) ;
          </li>
          <li>les autorités, lorsque la loi nous y oblige.</li>
        </ul>
        <p>Un membre que vous bloquez ne voit plus votre profil, et vous ne voyez plus le sien.</p>
      </LegalSection>

      <LegalSection id="transferts" title="7. Transferts hors de l’Union européenne">
        <p>
          Nous privilégions des prestataires qui hébergent les données dans l’Union européenne. Si un
          prestataire (par exemple de paiement ou d’envoi d’e-mails) traite des données hors de l’Union
          européenne, le transfert est encadré par une décision d’adéquation de la Commission européenne ou
          par les clauses contractuelles types adoptées par celle-ci. Vous pouvez obtenir une copie de ces
          garanties en nous écrivant.
        </p>
      </LegalSection>

      <LegalSection id="conservation" title="8. Durées de conservation">
        <ul>
          <li>
            <strong>
              Compte, profil, photos, {quoted("J’aime")}, matchs, messages (vocaux compris), blocages,
              abonnements
            </strong>{" "}
            : tant que votre compte existe. Ils sont effacés quand vous supprimez votre compte (voir la
            section 9) ou quand un administrateur le supprime.
          </li>
          <li>
            <strong>Matchs retirés et blocages</strong> : la conversation est fermée, mais ses messages
            restent enregistrés jusqu’à la suppression de l’un des deux comptes. Un message supprimé par
            l’équipe de modération est effacé aussitôt (sauf la copie gardée dans un signalement).
          </li>
          <li>
            <strong>Sessions de connexion</strong> (adresse IP, navigateur) : une session expire 30 jours
            après sa dernière utilisation. Elle est effacée à votre déconnexion, quand vous changez de mot de
            passe (pour vos autres appareils), en cas de bannissement ou quand votre compte est supprimé.
          </li>
          <li>
            <strong>Abonnements et paiements</strong> : tant que votre compte existe ; notre copie est effacée
            avec votre compte. Stripe conserve de son côté les justificatifs de vos paiements, selon ses
            propres obligations légales.
          </li>
          <li>
            <strong>Signalements et mesures de modération</strong> : 12 mois à compter du signalement, y
            compris la copie du message signalé, le nom et l’adresse e-mail du membre signalé, même si l’un ou
            l’autre compte est supprimé entre-temps. Cette conservation repose sur notre intérêt légitime et
            celui des membres : la sécurité, c’est-à-dire reconnaître une personne déjà signalée pour arnaque
            ou harcèlement et pouvoir justifier une sanction. Si vous supprimez votre compte, vos propres
            signalements restent, sans lien vers vous.
          </li>
          <li>
            <strong>Journal des actions des administrateurs</strong> : il n’est pas effacé automatiquement,
            afin de garder la trace de la modération ; les mentions qui vous concernent y restent après la
            suppression de votre compte.
          </li>
          <li>
            <strong>Vérification du profil</strong> : les selfies ne sont pas enregistrés, sauf une image pour
            un cas incertain, supprimée dès la décision d’un administrateur ; la description chiffrée de votre
            visage, tant que votre badge est valable ; le résultat des essais, tant que votre compte existe
            (voir la section 4).
          </li>
          <li>
            <strong>Journaux techniques du serveur</strong> (erreurs, envois d’e-mails) : 12 mois au plus.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="suppression" title="9. Ce que fait la suppression de votre compte">
        <p>
          Depuis votre profil, {quoted("Supprimer mon compte")} efface définitivement, après confirmation par
          votre mot de passe : votre compte, votre profil, vos photos (fichiers compris), vos{" "}
          {quoted("J’aime")}, vos matchs, vos blocages, vos abonnements, vos sessions et tout ce qui concerne
          la vérification de votre profil (essais, image gardée pour examen, description de votre visage). Un
          abonnement en cours n’est pas remboursé.
        </p>
        <p>
          <strong>
            Vos conversations sont supprimées pour les deux membres, y compris les messages que l’autre
            personne vous avait écrits.
          </strong>{" "}
          Un message est une donnée personnelle de son auteur : garder la conversation chez votre
          interlocuteur garderait vos propos après votre départ. La conversation disparaît donc de son côté
          aussi, et il en va de même pour vous si c’est votre interlocuteur qui supprime son compte. Pensez à
          télécharger vos données avant, si vous souhaitez en garder une copie.
        </p>
        <p>
          Seuls restent les signalements et le journal des actions des administrateurs, dans les conditions
          décrites à la section 8.
        </p>
      </LegalSection>

      <LegalSection id="droits" title="10. Vos droits">
        <p>Vous disposez à tout moment des droits suivants sur vos données :</p>
        <ul>
          <li>
            <strong>droit d’accès et droit à la portabilité</strong> : le bouton{" "}
            {quoted("Télécharger mes données")}, dans la rubrique {quoted("Vie privée")} de votre profil, vous
            donne aussitôt un fichier .zip avec vos données (compte, profil, {quoted("J’aime")}, matchs,
            messages que vous avez envoyés, abonnements, blocages, signalements que vous avez faits, sessions,
            vérifications du profil) dans un fichier JSON, et vos photos. Les autres membres n’y figurent que
            par leur prénom et l’initiale de leur nom, comme vous les voyiez sur le site ;
          </li>
          <li>
            <strong>droit de rectification</strong> : corrigez votre profil depuis le formulaire de votre
            profil, et votre adresse e-mail ou votre mot de passe depuis la rubrique {quoted("Mon compte")} ;
          </li>
          <li>
            <strong>droit à l’effacement</strong> : le bouton {quoted("Supprimer mon compte")}, dans la
            rubrique {quoted("Vie privée")} de votre profil (voir la section 9) ;
          </li>
          <li>
            <strong>droit d’opposition</strong> aux traitements fondés sur notre intérêt légitime, pour des
            raisons tenant à votre situation particulière : écrivez-nous ;
          </li>
          <li>droit à la limitation du traitement ;</li>
          <li>droit de retirer votre consentement à tout moment, pour l’avenir ;</li>
          <li>
            droit de définir des directives relatives au sort de vos données après votre décès (article 85 de
            la loi {quoted("Informatique et Libertés")}).
          </li>
        </ul>
        <p>
          Pour toute autre demande, écrivez-nous à <ContactEmail />. Nous répondons dans un délai d’un mois,
          qui peut être prolongé de deux mois pour les demandes complexes. Nous pourrons vous demander de
          justifier de votre identité en cas de doute raisonnable. Vous pouvez aussi introduire une
          réclamation auprès de la CNIL (section 11).
        </p>
      </LegalSection>

      <LegalSection id="cnil" title="11. Réclamation auprès de la CNIL">
        <p>
          Si vous estimez que le traitement de vos données ne respecte pas la réglementation, vous pouvez
          introduire une réclamation auprès de la Commission nationale de l’informatique et des libertés
          (CNIL), 3 place de Fontenoy, 75007 Paris, ou en ligne sur{" "}
          <a href="https://www.cnil.fr" target="_blank" rel="noreferrer">
            www.cnil.fr
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="12. Cookies">
        <p>
          Passerelle ne dépose que des cookies strictement nécessaires au fonctionnement du service. Ils ne
          sont pas lisibles par les scripts de la page et, conformément à l’article 82 de la loi{" "}
          {quoted("Informatique et Libertés")}, ils ne nécessitent pas votre consentement :
        </p>
        <ul>
          {COOKIES.map((cookie) => (
            <li key={cookie.name}>
              <code>{cookie.name}</code> : {cookie.purpose.charAt(0).toLocaleLowerCase("fr")}
              {cookie.purpose.slice(1)} ; durée : {cookie.duration}.
            </li>
          ))}
        </ul>
        <p>
          L’espace d’administration garde aussi, dans le stockage local du navigateur (ce n’est pas un
          cookie), un enregistrement d’affichage {quoted("adminUser")} : le nom et l’adresse e-mail de
          l’administrateur connecté. Il ne sert qu’à l’affichage et il est effacé à la déconnexion.
        </p>
        <p>
          Nous n’utilisons aucun cookie publicitaire, de mesure d’audience, de pistage ou de réseau social.
        </p>
      </LegalSection>

      <LegalSection id="securite" title="13. Sécurité">
        <ul>
          <li>connexions chiffrées (HTTPS) ;</li>
          <li>
            mots de passe stockés sous forme d’empreinte, avec un algorithme conçu pour résister aux
            attaques ;
          </li>
          <li>limitation du nombre de tentatives de connexion ;</li>
          <li>suppression des métadonnées des photos (dont la localisation) ;</li>
          <li>
            accès aux outils d’administration réservé à des personnes habilitées et authentifiées (une double
            authentification leur est proposée), chacune de leurs actions étant inscrite au journal ;
          </li>
          <li>sauvegardes régulières et contrôle des accès aux serveurs.</li>
        </ul>
        <p>
          En cas de violation de données présentant un risque pour vos droits, nous en informons la CNIL dans
          les 72 heures et, si le risque est élevé, les personnes concernées.
        </p>
      </LegalSection>

      <LegalSection id="mineurs" title="14. Mineurs">
        <p>
          Passerelle est strictement réservé aux personnes âgées de 18 ans ou plus. Nous ne collectons pas
          sciemment de données concernant des mineurs. Tout compte dont nous apprenons qu’il appartient à une
          personne mineure est supprimé. Vous pouvez nous signaler un tel compte avec le bouton{" "}
          {quoted("Signaler")} de son profil (raison {quoted("Personne mineure")}) ou à <ContactEmail />.
        </p>
      </LegalSection>

      <LegalSection id="modifications" title="15. Modifications de cette politique">
        <p>
          Nous pouvons faire évoluer cette politique, notamment pour suivre l’évolution du service ou de la
          réglementation. En cas de modification importante, nous vous en informons par e-mail ou lors de
          votre prochaine connexion. La date de dernière mise à jour figure en haut de cette page.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
