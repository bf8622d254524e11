// Français : les mots des coups et les phrases des erreurs de règle, avec les
// noms des cartes de la règle française (seeds/001), ceux de la page.
#include <string>

#include "protocol/card_names.hpp"
#include "protocol/catalogue.hpp"

namespace sp::protocol {
namespace {

std::string_view word(Word w) {
  switch (w) {
    case Word::kRubles: return "{n} rouble|{n} roubles";
    case Word::kPoints: return "{n} point|{n} points";
    case Word::kCards: return "{n} carte|{n} cartes";
    case Word::kIdenticalCards: return "{n} carte identique|{n} cartes identiques";
    case Word::kSeat: return "place {n}";
    case Word::kFromUpper: return "de la rangée supérieure";
    case Word::kFromLower: return "de la rangée inférieure";
    case Word::kFromDrawn: return "piochée avec l'Observatoire";
    case Word::kFromDiscard: return "de la défausse";
    case Word::kFromHand: return "de la main";
    case Word::kFromTableau: return "de sa surface de jeu";
    case Word::kPhaseWorker: return "phase de l'Artisanat";
    case Word::kPhaseBuilding: return "phase de Construction";
    case Word::kPhaseAristocrat: return "phase de la Noblesse";
    case Word::kPhaseTrading: return "phase d'échange de cartes";
    case Word::kScoringWorker: return "Décompte des artisans";
    case Word::kScoringBuilding: return "Décompte des bâtiments";
    case Word::kScoringAristocrat: return "Décompte des nobles";
    case Word::kScoringTrading: return "Décompte des cartes d'échange";
    case Word::kStackWorker: return "de la pile des artisans";
    case Word::kStackBuilding: return "de la pile des bâtiments";
    case Word::kStackAristocrat: return "de la pile des nobles";
    case Word::kStackTrading: return "de la pile des cartes d'échange";
    case Word::kBought: return "{who} achète {card} {place} pour {rubles}";
    case Word::kDisplacing: return ", en remplaçant {card}";
    case Word::kTaken: return "{who} prend {card} {place} en main";
    case Word::kTakenHidden: return "{who} prend la carte piochée en main";
    case Word::kPlayedAction: return "{who} joue {card}";
    case Word::kPlayedOn: return " sur {card}";
    case Word::kPlayed: return "{who} joue {card} de sa main pour {rubles}";
    case Word::kPassed: return "{who} passe";
    case Word::kPassedUntilPhaseEnd: return "{who} passe jusqu'à la fin de la phase";
    case Word::kPassedByFlag: return "{who} passe (il passe jusqu'à la fin de la phase)";
    case Word::kPassedForced: return "{who} passe : rien d'autre n'était possible";
    case Word::kPassCancelled: return "{who} annule sa passe jusqu'à la fin de la phase";
    case Word::kObservatoryUsed: return "{who} utilise l'Observatoire et pioche {card} {stack}";
    case Word::kObservatoryUsedHidden: return "{who} utilise l'Observatoire et pioche une carte {stack}";
    case Word::kDebtorsPrisonUsed: return "{who} utilise la Prison pour dettes pour choisir dans la défausse";
    case Word::kDiscarded: return "{who} défausse {card} {place}";
    case Word::kPointsBought: return "{who} achète {points} pour {rubles} avec la carte {name}";
    case Word::kGuildHallSplit: return "{who} règle la Maison des corporations sur {rubles} et {points}";
    case Word::kRublesGained: return "{who} gagne {rubles} grâce à {card}";
    case Word::kPhaseScored: return "{scoring} :{gains}";
    case Word::kPhaseScoredNobody: return "{scoring} : personne ne gagne rien";
    case Word::kGain: return " {who} {gain}";
    case Word::kGainSeparator: return ",";
    case Word::kDiscScored: return "{who} marque {points} pour le disque";
    case Word::kDisplayFilled: return "{cards} {stack} rejoignent le plateau";
    case Word::kLastRound: return " ; la pile est épuisée, c'est donc la dernière manche";
    case Word::kPhaseStarted: return "Manche {round}, {phase} : {who} commence";
    case Word::kPickpocketPlayed: return "{who} joue le Pickpocket";
    case Word::kPickpocketKept: return "{who} garde le Pickpocket";
    case Word::kDiscardPickGivenUp: return "{who} renonce au choix dans la défausse : il n'y avait rien à prendre";
    case Word::kRoundEnded: return "Fin de la manche {round}";
    case Word::kRoundEndedDiscarded: return " ; {cards} quittent la rangée inférieure pour la défausse";
    case Word::kCardList: return " : {list}";
    case Word::kRoundEndedMovedDown: return " ; descendent dans la rangée inférieure : {list}";
    case Word::kGameEnded: return "La partie est terminée";
    case Word::kPricePrinted: return "coût imprimé {n}";
    case Word::kPriceDisplaced: return ", -{n} pour la carte remplacée {name}";
    case Word::kPriceIdentical: return ", -{n} pour {cards} déjà posées";
    case Word::kPriceLowerRow: return ", -1 pour la rangée inférieure";
    case Word::kPriceDiscount: return ", -{n} grâce à la carte {name}";
    case Word::kPriceMinimum: return " ; une carte coûte toujours au moins 1 rouble";
    case Word::kPriceTotal: return " = {rubles}";
    case Word::kResigned: return "{who} abandonne ; le robot joue sa place jusqu'à la fin";
    case Word::kAbortProposed: return "{who} propose d'arrêter la partie";
    case Word::kAbortVoted: return "{who} vote pour arrêter la partie";
    case Word::kAbortRefused: return "{who} vote contre l'arrêt de la partie ; elle continue";
    case Word::kAbortLapsed: return "La proposition d'arrêt de {who} a expiré : tous n'ont pas répondu à temps";
    case Word::kAborted: return "{who} accepte en dernier : la partie est arrêtée";
    case Word::kUndone: return "{who} reprend sa dernière action, avec l'accord de tous";
    case Word::kLateAsked: return "Le temps de {who} est écoulé : les autres joueurs décident du sort de sa place";
    case Word::kLateVotedWait: return "{who} vote pour attendre encore";
    case Word::kLateVotedRobot: return "{who} vote pour qu'un robot joue la place en retard";
    case Word::kLateVotedEnd: return "{who} vote pour mettre fin à la partie du joueur en retard";
    case Word::kLateWaited: return "La table attend encore {who}";
    case Word::kLateRobot: return "Un robot joue la place de {who} jusqu'à son retour";
    case Word::kLateEnded: return "La partie de {who} est terminée : sa place passe jusqu'à la fin";
  }
  return {};
}

std::string_view rule_error(engine::RuleErrorCode code) {
  using C = engine::RuleErrorCode;
  switch (code) {
    case C::kGameOver: return "La partie est terminée.";
    case C::kNotYourTurn: return "Ce n'est pas à vous de jouer.";
    case C::kUnknownSeat: return "Cette place n'existe pas.";
    case C::kActionNotAllowedNow: return "La partie attend d'abord une autre décision.";
    case C::kCardNotAvailable: return "Cette carte n'est pas là.";
    case C::kCardNotInHand: return "Cette carte n'est pas dans votre main.";
    case C::kHandFull: return "Votre main est pleine.";
    case C::kCannotAfford: return "Vous n'avez pas de quoi payer cette carte ici.";
    case C::kDisplacementRequired: return "Une carte d'échange doit remplacer une de vos cartes.";
    case C::kInvalidDisplacement: return "Cette carte ne peut pas remplacer celle-là.";
    case C::kNoDisplacementTarget: return "Vous n'avez aucune carte que cette carte d'échange puisse remplacer.";
    case C::kNotATradingCard: return "Seule une carte d'échange remplace une autre carte.";
    case C::kActionCardNotBuyable: return "Les cartes d'action du Banquet se prennent, elles ne s'achètent pas.";
    case C::kActionCardNotPlayable: return "Cette carte d'action ne peut pas être jouée maintenant.";
    case C::kInvalidTarget: return "Cette carte n'est pas une cible possible.";
    case C::kNotOwned: return "Vous n'avez pas cette carte.";
    case C::kAlreadyUsed: return "Vous l'avez déjà utilisée.";
    case C::kWrongPhase: return "Cela appartient à une autre phase.";
    case C::kStackTooSmall: return "L'Observatoire ne peut pas piocher la dernière carte d'une pile.";
    case C::kInvalidAmount: return "Ce nombre est hors des limites.";
    case C::kOptionDisabled: return "Les options de cette table ne le permettent pas.";
    case C::kNothingToCancel: return "Il n'y a pas de passe jusqu'à la fin de la phase à annuler.";
    case C::kTakenThisDoubleTurn: return "Cette carte a été prise pendant ce Double tour.";
  }
  return {};
}

constexpr CardName kNames[] = {
#include "protocol/card_names_fr.inc"
};

std::string_view card_name(engine::CardId card) {
  static const std::vector<std::string_view> by_id = card_names_by_id(kNames);
  return by_id.at(card.value);
}

std::string mention(std::string_view name) { return "la carte " + std::string(name); }

int plural_form(int n) { return n >= -1 && n <= 1 ? 0 : 1; }

}  // namespace

extern const Catalogue kCatalogue_fr;
const Catalogue kCatalogue_fr{Language::kFrench, word, rule_error, card_name, mention, plural_form};

}  // namespace sp::protocol
