// The one instantiation of the records over PostgreSQL.
#include "server/store/pg/pg_records.hpp"

#include "server/store/sql_records_admin.ipp"
#include "server/store/sql_records_correspondence.ipp"
#include "server/store/sql_records_mail.ipp"
#include "server/store/sql_records_ratings.ipp"
#include "server/store/sql_records_tables.ipp"
#include "server/store/sql_records_leagues.ipp"
#include "server/store/sql_records_tournaments.ipp"

namespace sp::server {

template class SqlRecords<SeveralNodes>;

}  // namespace sp::server
