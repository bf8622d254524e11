// invite_tournament: the creator of an invitation-only tournament (or an
// administrator) invites a player by name while it registers; the player is
// told (tournament_invited). register_tournament admits only those invited
// and the creator (tournament_requests.cpp). Throttled as a table's
// invitations are, per inviting account.
#include "protocol/notice_details.hpp"
#include "protocol/reply_frames.hpp"
#include "server/requests/guards.hpp"
#include "server/requests/request.hpp"

namespace sp::server {

using protocol::ErrorCode;

void on_invite_tournament(const Request& r, const protocol::client::InviteTournament& invite) {
  const std::int64_t user = *r.state().user_id;
  const bool administrator = r.state().administrator;
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  store_job(
      r,
      [invite, user, administrator, stored, inviter = r.state().user_name, &guards = r.services.guards,
       &metrics = r.services.metrics, now = r.services.correspondence.clock.now()](Records& db) {
        const auto t = db.load_tournament(invite.tournament);
        if (!t) {
          return Reply::error(ErrorCode::kNoSuchTournament, "There is no tournament " + std::to_string(invite.tournament) + ".");
        }
        if (t->creator_id != user && !administrator) {
          return Reply::error(ErrorCode::kNotCreator, "Only " + t->name + "'s creator invites players to it.");
        }
        if (!t->invitation_only) {
          return Reply::error(ErrorCode::kBadRequest, "tournament: " + t->name + " is open to every player; it takes no invitations");
        }
        if (t->status != TournamentStatus::kRegistering || now >= t->registration_closes_at) {
          return Reply::error(ErrorCode::kRegistrationClosed, "Registration for " + t->name + " is closed.");
        }
        const auto invitee = db.find_user_by_name(invite.name);
        if (!invitee) return Reply::error(ErrorCode::kNoSuchUser, "There is no player called " + invite.name + ".");
        int retry_after = 0;
        if (!guards.invitations_by_account.take(std::to_string(user), ThrottleClock::now(), retry_after)) {
          metrics.refuse(Refusal::kInvitationsThrottled);
          return Reply::error(ErrorCode::kInvitationThrottled,
                              "Too many invitations this hour; wait " + std::to_string(retry_after) + " s.");
        }
        // Invited already: the player was told, and is not told again.
        if (db.invite_to_tournament(t->id, invitee->id, user, now)) {
          const NotificationDraft draft{invitee->id, "tournament_invited", std::nullopt,
                                        inviter + " invites you to " + t->name + ".",
                                        protocol::TournamentInvitedDetails{t->id, t->name, inviter}};
          if (auto n = store_notification(db, draft, now)) stored->push_back(std::move(*n));
        }
        return Reply::result(protocol::encode_data(protocol::Acknowledged{}));
      },
      [r, stored] { r.services.correspondence.notifier.deliver(*stored); });
}

}  // namespace sp::server
