// A table's name as the page shows it: the server names a tournament's and a
// league's tables in its own (English) words, which the page says in the
// reader's (tournament_words.js, league_words.js); any other table's name is
// the one its creator gave.
import { leagueTableName } from "./league_words.js";
import { tournamentTableName } from "./tournament_words.js";

export function tableName(table) {
  if (table?.tournament) return tournamentTableName(table);
  if (table?.league) return leagueTableName(table);
  return table?.name;
}
