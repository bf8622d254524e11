// Public records of games: table_record, replay_view, table_history.
#include "protocol/request_codecs.hpp"

namespace sp::protocol {

using nlohmann::json;

void add_record_codecs(RequestCodecs& codecs) {
  codecs.add<client::TableRecord>([](FieldReader& f) { return client::TableRecord{f.table()}; },
                                  [](const client::TableRecord& m, json& out) { out["table"] = m.table; });
  codecs.add<client::ReplayView>(
      [](FieldReader& f) {
        const std::int64_t table = f.table();
        return client::ReplayView{table, f.whole("move_number", 0, INT64_MAX)};
      },
      [](const client::ReplayView& m, json& out) {
        out["table"] = m.table;
        out["move_number"] = m.move_number;
      });
  codecs.add<client::TableHistory>([](FieldReader& f) { return client::TableHistory{f.table()}; },
                                   [](const client::TableHistory& m, json& out) { out["table"] = m.table; });
}

}  // namespace sp::protocol
