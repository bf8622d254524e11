#include "server/notices/table_name_words.hpp"

#include "server/notices/mail_texts.hpp"

namespace sp::server {

namespace {

std::string tournament_table_name(Records& db, const TableRecord& table, const std::string& language) {
  const TableInTournament& mark = *table.tournament;
  const auto tournament = db.load_tournament(mark.id);
  if (!tournament) return table.name;
  return mail_text(language, "table_name.tournament",
                   {{"tournament", tournament->name},
                    {"round", std::to_string(mark.round)},
                    {"number", std::to_string(mark.number)}});
}

std::string league_table_name(Records& db, const TableRecord& table, const std::string& language) {
  const TableInLeague& mark = *table.league;
  const auto league = db.load_league(mark.id);
  if (!league) return table.name;
  for (const LeagueTableRecord& scheduled : db.league_tables(mark.id, mark.season)) {
    if (scheduled.table_id != table.id) continue;
    return mail_text(language, "table_name.league",
                     {{"league", league->name},
                      {"season", std::to_string(mark.season)},
                      {"division", std::to_string(mark.division + 1)},
                      {"round", std::to_string(scheduled.round)},
                      {"number", std::to_string(scheduled.number)}});
  }
  return table.name;
}

}  // namespace

std::optional<std::string> table_name_in(Records& db, std::int64_t table_id, const std::string& language) {
  const auto table = db.load_table(table_id);
  if (!table) return std::nullopt;
  if (table->tournament) return tournament_table_name(db, *table, language);
  if (table->league) return league_table_name(db, *table, language);
  return table->name;
}

}  // namespace sp::server
