#include "server/notices/mail_texts.hpp"

#include <array>

#include "protocol/language_list.hpp"

namespace sp::server {
namespace {

struct Entry {
  std::string_view key;
  std::array<std::string_view, protocol::kLanguageCount> texts;  // in the order of the site's languages

  // One text for each language of web/i18n/languages.js, no fewer: a language
  // added there stops the build here until every text has it.
  template <typename... Texts>
    requires(sizeof...(Texts) == protocol::kLanguageCount)
  consteval Entry(std::string_view name, Texts... text) : key(name), texts{std::string_view(text)...} {}
};

// Keys by what they say; the sentences of notices by the notification's kind.
constexpr std::array kTexts = {
    Entry{"subject.your_turn", "Your turn at {table}", "À vous de jouer à {table}", "Ваш ход: {table}"},
    Entry{"subject.deadline_near", "{hours} h left for your move at {table}",
          "Plus que {hours} h pour jouer à {table}", "До конца хода в {table} осталось {hours} ч"},
    Entry{"subject.timed_out", "Out of time at {table}", "Temps écoulé à {table}", "Время вышло: {table}"},
    Entry{"subject.game_ended", "The game at {table} has ended", "La partie à {table} est terminée",
          "Партия в {table} окончена"},
    Entry{"subject.invited", "An invitation to {table}", "Une invitation à {table}", "Приглашение в {table}"},
    Entry{"subject.table_started", "The game at {table} has started", "La partie à {table} a commencé",
          "Партия в {table} началась"},
    Entry{"subject.chat_mention", "You were mentioned at {table}", "On parle de vous à {table}",
          "Вас упомянули в {table}"},
    Entry{"subject.vacation_day_spent", "A vacation day spent at {table}", "Un jour de vacances utilisé à {table}",
          "Потрачен день отпуска: {table}"},
    Entry{"subject.late_vote", "Decide about a late player at {table}", "Décidez pour un joueur en retard à {table}",
          "Решите, что делать с опоздавшим игроком: {table}"},
    Entry{"subject.tournament_round", "Round {round} of {tournament}", "Ronde {round} de {tournament}",
          "Тур {round}: {tournament}"},
    Entry{"subject.tournament_registration_closing", "Registration for {tournament} closes soon",
          "Les inscriptions à {tournament} ferment bientôt", "Регистрация на турнир {tournament} скоро закроется"},
    Entry{"subject.tournament_invited", "{from} invites you to {tournament}", "{from} vous invite à {tournament}",
          "{from} приглашает вас на турнир {tournament}"},
    Entry{"subject.tournament_finished", "{tournament} has finished", "{tournament} est terminé",
          "Турнир {tournament} окончен"},
    Entry{"subject.league_season", "Season {season} of {league}", "Saison {season} de {league}",
          "Сезон {season}: {league}"},
    Entry{"subject.league_table", "A new table in {league}", "Une nouvelle table dans {league}",
          "Новый стол в лиге {league}"},
    Entry{"subject.league_season_finished", "Season {season} of {league} has finished",
          "La saison {season} de {league} est terminée", "Сезон {season} лиги {league} окончен"},
    Entry{"subject.other", "News from Saint Petersburg", "Nouvelles de Saint-Pétersbourg", "Новости из Санкт-Петербурга"},
    Entry{"subject.digest", "Your tables today: {count} waiting for you", "Vos tables aujourd'hui : {count} vous attendent",
          "Ваши столы сегодня: ждут вашего хода — {count}"},
    Entry{"subject.confirm", "Confirm your email address", "Confirmez votre adresse e-mail",
          "Подтвердите адрес электронной почты"},
    Entry{"subject.password_reset", "Choose a new password", "Choisissez un nouveau mot de passe",
          "Выберите новый пароль"},
    Entry{"text.your_turn", "It is your turn at {table}.", "C'est à vous de jouer à {table}.", "Ваш ход в {table}."},
    Entry{"text.deadline_near", "Your move at {table} is due in less than {hours} h.",
          "Votre coup à {table} doit être joué dans moins de {hours} h.",
          "Ход в {table} нужно сделать менее чем за {hours} ч."},
    Entry{"text.timed_out", "{name} ran out of time at {table}.", "{name} a dépassé le temps à {table}.",
          "{name}: время хода в {table} истекло."},
    Entry{"text.robot_took_seat", "A robot plays the seat from now on.", "Un robot joue cette place désormais.",
          "Теперь за это место играет робот."},
    Entry{"text.take_seat_back", "Take your seat back on the table's page whenever you want.",
          "Reprenez votre place sur la page de la table quand vous voulez.",
          "Вернуть себе место можно на странице стола в любой момент."},
    Entry{"text.game_ended", "The game at {table} has ended.", "La partie à {table} est terminée.",
          "Партия в {table} окончена."},
    Entry{"text.invited", "{from} invites you to {table}.", "{from} vous invite à {table}.",
          "{from} приглашает вас в {table}."},
    Entry{"text.table_started", "The game at {table} has started.", "La partie à {table} a commencé.",
          "Партия в {table} началась."},
    Entry{"text.chat_mention", "{from} mentioned you at {table}.", "{from} vous a cité à {table}.",
          "{from} упомянул(а) вас в {table}."},
    Entry{"text.vacation_day_spent",
          "Your time ran out at {table}: a day of your vacation was spent, so your clocks stand still for 24 hours. "
          "Days left this year: {days_left}.",
          "Votre temps était écoulé à {table} : un jour de vos vacances a été utilisé, vos pendules s'arrêtent donc "
          "pendant 24 heures. Jours restants cette année : {days_left}.",
          "Ваше время в {table} истекло: потрачен один день отпуска, и ваши часы стоят 24 часа. "
          "Осталось дней отпуска в этом году: {days_left}."},
    Entry{"text.late_vote",
          "{name} ran out of time at {table}: choose on the table's page whether to wait, let a robot play, or end "
          "their part.",
          "{name} a dépassé le temps à {table} : choisissez sur la page de la table s'il faut attendre, laisser un "
          "robot jouer ou mettre fin à sa partie.",
          "{name}: время хода в {table} истекло. Решите на странице стола: подождать, передать место роботу или "
          "завершить участие игрока."},
    Entry{"text.tournament_round", "Round {round} of {tournament} has started: your table is {table}.",
          "La ronde {round} de {tournament} a commencé : votre table est {table}.",
          "Начался тур {round} турнира {tournament}: ваш стол — {table}."},
    Entry{"text.tournament_bye",
          "Round {round} of {tournament} has started: you sit this round out (a bye) and score its points.",
          "La ronde {round} de {tournament} a commencé : vous êtes exempt de cette ronde et en marquez les points.",
          "Начался тур {round} турнира {tournament}: в этом туре вы отдыхаете и получаете его очки."},
    Entry{"text.tournament_registration_closing",
          "Registration for {tournament}, which you registered for, closes on {closes} UTC; its first round starts "
          "then or later. Withdraw on the tournament's page if you cannot play.",
          "Les inscriptions à {tournament}, auquel vous êtes inscrit, ferment le {closes} UTC ; sa première ronde "
          "commence alors ou plus tard. Retirez-vous sur la page du tournoi si vous ne pouvez pas jouer.",
          "Регистрация на турнир {tournament}, на который вы записаны, закрывается {closes} UTC; первый тур начнётся "
          "тогда же или позже. Если не сможете играть, откажитесь от участия на странице турнира."},
    Entry{"text.tournament_invited",
          "{from} invites you to {tournament}, which only invited players may enter: register on its page.",
          "{from} vous invite à {tournament}, réservé aux joueurs invités : inscrivez-vous sur sa page.",
          "{from} приглашает вас на турнир {tournament}, куда записываются только приглашённые: запишитесь на "
          "его странице."},
    Entry{"text.tournament_finished", "{tournament} has finished: you finished {rank} of {players}.",
          "{tournament} est terminé : vous finissez à la place {rank} sur {players}.",
          "Турнир {tournament} окончен: ваше место — {rank} из {players}."},
    Entry{"text.league_season", "Season {season} of {league} has started: you play in division {division}.",
          "La saison {season} de {league} a commencé : vous jouez en division {division}.",
          "Начался сезон {season} лиги {league}: вы играете в дивизионе {division}."},
    Entry{"text.league_table", "A new table of {league} has started with you at it: {table}.",
          "Une nouvelle table de {league} a commencé avec vous : {table}.",
          "Начался новый стол лиги {league}, вы за ним: {table}."},
    Entry{"text.league_season_finished.up",
          "Season {season} of {league} has finished: you finished {rank} of {players} in division {division} and go up "
          "a division.",
          "La saison {season} de {league} est terminée : vous finissez à la place {rank} sur {players} en division "
          "{division} et montez d'une division.",
          "Сезон {season} лиги {league} окончен: ваше место — {rank} из {players} в дивизионе {division}, вы "
          "поднимаетесь на дивизион выше."},
    Entry{"text.league_season_finished.stay",
          "Season {season} of {league} has finished: you finished {rank} of {players} in division {division} and stay "
          "in it.",
          "La saison {season} de {league} est terminée : vous finissez à la place {rank} sur {players} en division "
          "{division} et y restez.",
          "Сезон {season} лиги {league} окончен: ваше место — {rank} из {players} в дивизионе {division}, вы "
          "остаётесь в нём."},
    Entry{"text.league_season_finished.down",
          "Season {season} of {league} has finished: you finished {rank} of {players} in division {division} and go "
          "down a division.",
          "La saison {season} de {league} est terminée : vous finissez à la place {rank} sur {players} en division "
          "{division} et descendez d'une division.",
          "Сезон {season} лиги {league} окончен: ваше место — {rank} из {players} в дивизионе {division}, вы "
          "опускаетесь на дивизион ниже."},
    Entry{"table_name.tournament", "{tournament}, round {round}, table {number}",
          "{tournament}, ronde {round}, table {number}", "{tournament}, тур {round}, стол {number}"},
    Entry{"table_name.league", "{league}, season {season}, division {division}, round {round}, table {number}",
          "{league}, saison {season}, division {division}, ronde {round}, table {number}",
          "{league}, сезон {season}, дивизион {division}, тур {round}, стол {number}"},
    Entry{"open_table", "Open the table", "Ouvrir la table", "Открыть стол"},
    Entry{"digest.waiting", "Tables waiting for your move, the most urgent first:",
          "Tables qui attendent votre coup, la plus urgente d'abord :", "Столы, ждущие вашего хода, срочные первыми:"},
    Entry{"digest.none_waiting", "No table is waiting for you.", "Aucune table ne vous attend.",
          "Ни один стол не ждёт вашего хода."},
    Entry{"digest.deadline", "due {when} UTC", "avant le {when} UTC", "до {when} UTC"},
    Entry{"digest.no_deadline", "no deadline", "sans limite", "без срока"},
    Entry{"digest.news", "Since the last digest:", "Depuis le dernier résumé :", "С прошлой сводки:"},
    Entry{"confirm.body", "Someone, we hope you, asked that {user}'s notices from Saint Petersburg go to this address. "
                          "To confirm, open this link within 48 hours:",
          "Quelqu'un, vous sans doute, a demandé que les avis de {user} à Saint-Pétersbourg arrivent à cette adresse. "
          "Pour confirmer, ouvrez ce lien dans les 48 heures :",
          "Кто-то (надеемся, вы) попросил присылать уведомления игрока {user} из «Санкт-Петербурга» на этот адрес. "
          "Чтобы подтвердить, откройте ссылку в течение 48 часов:"},
    Entry{"confirm.ignore", "If it was not you, ignore this email: nothing will be sent to you.",
          "Si ce n'était pas vous, ignorez ce message : rien ne vous sera envoyé.",
          "Если это были не вы, просто не отвечайте: писем больше не будет."},
    Entry{"password_reset.body",
          "Someone, we hope you, asked to choose a new password for {user} at Saint Petersburg. "
          "To choose it, open this link within an hour:",
          "Quelqu'un, vous sans doute, a demandé à choisir un nouveau mot de passe pour {user} à Saint-Pétersbourg. "
          "Pour le choisir, ouvrez ce lien dans l'heure :",
          "Кто-то (надеемся, вы) попросил выбрать новый пароль для игрока {user} в «Санкт-Петербурге». "
          "Чтобы выбрать его, откройте ссылку в течение часа:"},
    Entry{"password_reset.after", "Once the new password is chosen, every device logged in as {user} is logged out.",
          "Une fois le nouveau mot de passe choisi, tous les appareils connectés en tant que {user} sont déconnectés.",
          "Как только новый пароль выбран, все устройства, где выполнен вход как {user}, выходят из игры."},
    Entry{"password_reset.ignore", "If it was not you, ignore this email: your password stays as it is.",
          "Si ce n'était pas vous, ignorez ce message : votre mot de passe reste le même.",
          "Если это были не вы, просто не отвечайте: пароль останется прежним."},
    Entry{"footer.why", "You get this email because you asked for {what} notices by email as {user}.",
          "Vous recevez ce message parce que vous avez demandé les avis « {what} » par e-mail en tant que {user}.",
          "Вы получили это письмо, потому что попросили присылать уведомления «{what}» игроку {user}."},
    Entry{"footer.unsubscribe", "Stop these emails", "Ne plus recevoir ces e-mails", "Отписаться от этих писем"},
    Entry{"footer.settings", "Change what you receive on your account page.",
          "Modifiez ce que vous recevez sur la page de votre compte.", "Изменить, что приходит, можно на странице профиля."},
    Entry{"kind.your_turn", "your turn", "à vous de jouer", "ваш ход"},
    Entry{"kind.deadline_near", "deadline near", "limite proche", "срок хода"},
    Entry{"kind.robot_took_seat", "out of time", "temps écoulé", "время вышло"},
    Entry{"kind.game_over", "game over", "fin de partie", "конец партии"},
    Entry{"kind.invitation", "invitation", "invitation", "приглашения"},
    Entry{"kind.chat_mention", "chat mention", "mention dans le chat", "упоминания в чате"},
    Entry{"kind.vacation_day_spent", "vacation day spent", "jour de vacances utilisé", "потраченный день отпуска"},
    Entry{"kind.digest", "daily digest", "résumé quotidien", "ежедневная сводка"},
    Entry{"unsubscribed.title", "Unsubscribed", "Désabonnement", "Отписка"},
    Entry{"unsubscribed.body", "You will get no more {what} emails. You can turn them on again on your account page.",
          "Vous ne recevrez plus d'e-mails « {what} ». Vous pouvez les rétablir sur la page de votre compte.",
          "Писем «{what}» больше не будет. Включить их снова можно на странице профиля."},
    Entry{"confirm.ask", "Press the button to have your notices from Saint Petersburg sent to this address.",
          "Appuyez sur le bouton pour recevoir à cette adresse vos avis de Saint-Pétersbourg.",
          "Нажмите кнопку, чтобы уведомления из «Санкт-Петербурга» приходили на этот адрес."},
    Entry{"confirm.button", "Confirm this address", "Confirmer cette adresse", "Подтвердить адрес"},
    Entry{"unsubscribe.ask", "Press the button to get no more {what} emails.",
          "Appuyez sur le bouton pour ne plus recevoir d'e-mails « {what} ».",
          "Нажмите кнопку, чтобы больше не получать письма «{what}»."},
    Entry{"unsubscribe.stale_title", "Link out of date", "Lien périmé", "Ссылка устарела"},
    Entry{"unsubscribe.stale_body",
          "You have changed what you receive since this email was written, so its link changes nothing now. "
          "Change what you receive on your account page.",
          "Vous avez modifié ce que vous recevez depuis l'envoi de cet e-mail : son lien ne change plus rien. "
          "Modifiez ce que vous recevez sur la page de votre compte.",
          "Вы изменили настройки писем после отправки этого письма, поэтому его ссылка больше ничего не меняет. "
          "Изменить, что приходит, можно на странице профиля."},
    Entry{"confirmed.title", "Address confirmed", "Adresse confirmée", "Адрес подтверждён"},
    Entry{"confirmed.body", "Your email address is confirmed: notices will reach it as you chose.",
          "Votre adresse est confirmée : les avis y arriveront comme vous l'avez choisi.",
          "Адрес подтверждён: уведомления будут приходить так, как вы выбрали."},
};

}  // namespace

bool mail_language(std::string_view language) { return protocol::language_of_code(language).has_value(); }

std::vector<std::string_view> mail_text_keys() {
  std::vector<std::string_view> keys;
  for (const Entry& e : kTexts) keys.push_back(e.key);
  return keys;
}

std::string mail_text(std::string_view language, std::string_view key, const std::map<std::string, std::string>& values) {
  const protocol::Language written = protocol::language_of_code(language).value_or(protocol::Language::kEnglish);
  std::string_view text = key;
  for (const Entry& e : kTexts) {
    if (e.key != key) continue;
    text = e.texts[static_cast<std::size_t>(written)];
    break;
  }
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{') {
      const auto close = text.find('}', i);
      if (close != std::string_view::npos) {
        const auto it = values.find(std::string(text.substr(i + 1, close - i - 1)));
        if (it != values.end()) {
          out += it->second;
          i = close;
          continue;
        }
      }
    }
    out += text[i];
  }
  return out;
}

}  // namespace sp::server
