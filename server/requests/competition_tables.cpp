#include "server/requests/competition_tables.hpp"

#include <string>

#include "engine/setup.hpp"

namespace sp::server {

std::optional<Reply> refusal_of_table_sizes(const protocol::client::CreateTable& tables, const std::set<int>& sizes,
                                            std::string_view what) {
  for (int size : sizes) {
    engine::GameSetup probe;
    probe.player_count = size;
    probe.options = tables.options.value_or(engine::TableOptions{});
    if (auto dealt = engine::new_game(probe); !dealt) {
      return Reply::error(protocol::ErrorCode::kBadRequest,
                          "table.options: this " + std::string(what) + " may seat tables of " + std::to_string(size) +
                              " players, which cannot be dealt so: " + dealt.error().message);
    }
  }
  return std::nullopt;
}

}  // namespace sp::server
