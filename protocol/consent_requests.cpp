// Resigning, aborting, undoing: resign, propose_abort, vote_abort,
// request_undo, answer_undo, and vote_late (the players decide about a late seat).
#include "protocol/request_codecs.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

bool yes_or_no(FieldReader& f, std::string_view name) {
  const json& value = f.at(name);
  if (f.ok() && !value.is_boolean()) f.refuse(ErrorCode::kBadRequest, std::string(name) + ": true or false is required");
  return f.ok() && value.get<bool>();
}

}  // namespace

void add_consent_codecs(RequestCodecs& codecs) {
  codecs.add<client::Resign>([](FieldReader& f) { return client::Resign{f.table()}; },
                             [](const client::Resign& m, json& out) { out["table"] = m.table; });
  codecs.add<client::ProposeAbort>([](FieldReader& f) { return client::ProposeAbort{f.table()}; },
                                   [](const client::ProposeAbort& m, json& out) { out["table"] = m.table; });
  codecs.add<client::VoteAbort>(
      [](FieldReader& f) {
        client::VoteAbort vote;
        vote.table = f.table();
        vote.yes = yes_or_no(f, "yes");
        return vote;
      },
      [](const client::VoteAbort& m, json& out) {
        out["table"] = m.table;
        out["yes"] = m.yes;
      });
  codecs.add<client::VoteLate>(
      [](FieldReader& f) {
        client::VoteLate vote;
        vote.table = f.table();
        const json& choice = f.at("choice");
        if (!f.ok()) return vote;
        const auto parsed = choice.is_string() ? parse_late_choice(choice.get<std::string>()) : std::nullopt;
        if (!parsed) {
          f.refuse(ErrorCode::kBadRequest, "choice: wait, robot or end");
        } else {
          vote.choice = *parsed;
        }
        return vote;
      },
      [](const client::VoteLate& m, json& out) {
        out["table"] = m.table;
        out["choice"] = to_string(m.choice);
      });
  codecs.add<client::RequestUndo>([](FieldReader& f) { return client::RequestUndo{f.table()}; },
                                  [](const client::RequestUndo& m, json& out) { out["table"] = m.table; });
  codecs.add<client::AnswerUndo>(
      [](FieldReader& f) {
        client::AnswerUndo answer;
        answer.table = f.table();
        answer.accept = yes_or_no(f, "accept");
        return answer;
      },
      [](const client::AnswerUndo& m, json& out) {
        out["table"] = m.table;
        out["accept"] = m.accept;
      });
}

}  // namespace sp::protocol
