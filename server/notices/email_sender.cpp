#include "server/notices/email_sender.hpp"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>

#include "server/notices/table_name_words.hpp"

namespace sp::server {
namespace {

namespace net = boost::asio;

constexpr int kBatch = 8;

// The same for every attempt at one row: "notice.12.40@example.org" (a
// Message-ID's left part may hold no colon).
std::string message_id(const EmailRecord& email, const std::string& from) {
  std::string key = email.idempotency_key;
  std::replace(key.begin(), key.end(), ':', '.');
  const std::string sender = bare_address(from);
  return key + "." + std::to_string(email.id) + "@" + sender.substr(sender.find('@') + 1);
}

}  // namespace

EmailToSend read_email_to_send(Records& db, const EmailRecord& email) {
  EmailToSend e;
  e.email = email;
  if (const auto user = db.find_user(email.user_id)) e.user_name = user->name;
  e.language = db.notice_settings(email.user_id).language;
  const auto address = db.email_of(email.user_id);
  // A confirmation goes to the address it confirms; anything else only to a confirmed one.
  if (address && (address->confirmed_at || email.purpose == EmailPurpose::kConfirm)) e.address = address->address;
  if (email.notification_id) {
    e.notification = db.load_notification(*email.notification_id);
    if (e.notification && e.notification->table_id) {
      e.table_name = table_name_in(db, *e.notification->table_id, e.language);
    }
  }
  return e;
}

EmailSender::EmailSender(net::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
                         SmtpSettings smtp, EmailPolicy policy, EmailLinks links, Metrics& metrics,
                         std::string node, std::int64_t claim_margin_ms)
    : store_(store),
      clock_(clock),
      smtp_(std::move(smtp)),
      policy_(policy),
      links_(std::move(links)),
      metrics_(metrics),
      // A round's emails go to the relay one after the other, each within its time limit.
      claim_{std::move(node), std::int64_t{kBatch} * smtp_.timeout_seconds * 1000 + claim_margin_ms},
      pump_(executor, scheduler, {Due::kEmailRetry, 0}, "email", [this] { fetch(); }) {}

EmailSender::~EmailSender() { relay_.join(); }

void EmailSender::wake() { pump_.wake(); }

void EmailSender::stop() {
  pump_.stop();
  relay_.stop();
  relay_.join();
}

void EmailSender::fetch() {
  auto due = std::make_shared<std::vector<EmailToSend>>();
  auto next = std::make_shared<std::optional<std::int64_t>>();
  const std::int64_t now = clock_.now();
  store_.submit(
      [due, next, now, claim = claim_](Records& db) {
        for (const EmailRecord& email : db.due_emails(now, kBatch, claim)) {
          due->push_back(read_email_to_send(db, email));
        }
        *next = db.next_email_at(now, claim);
      },
      [this, due, next, now](std::exception_ptr error) {
        net::post(pump_.strand(), [this, due, next, error, now] {
          if (pump_.stopped()) return;
          if (error) return pump_.read_failed();
          if (due->empty()) return pump_.rest(*next, now);
          net::post(relay_, [this, batch = std::move(*due)]() mutable { send_batch(std::move(batch)); });
        });
      });
}

void EmailSender::send_batch(std::vector<EmailToSend> batch) {
  std::vector<EmailRecord> outcomes;
  for (EmailToSend& e : batch) {
    EmailRecord outcome = e.email;
    const std::int64_t attempted_at = clock_.now();
    outcome.attempts += 1;
    SmtpOutcome sent;
    if (!e.address) {
      sent = {"the player has no confirmed address any more", true};
    } else {
      const ComposedEmail composed = compose_email(e, links_);
      const MailHeaders headers{smtp_.from, *e.address, message_id(e.email, smtp_.from), attempted_at,
                                composed.unsubscribe_url};
      sent = send_mail(smtp_, *e.address, mail_message(headers, composed.content));
    }
    ChannelStats& stats = metrics_.channel(NoticeChannel::kEmail);
    outcome.last_error = sent.error;
    if (sent.error.empty()) {
      outcome.status = DeliveryStatus::kDelivered;
      stats.sent.fetch_add(1, std::memory_order_relaxed);
      stats.observe_latency(std::max<std::int64_t>(0, attempted_at - e.email.created_at));
    } else {
      stats.failed.fetch_add(1, std::memory_order_relaxed);
      if (sent.permanent || outcome.attempts >= policy_.max_attempts) {
        outcome.status = DeliveryStatus::kGivenUp;
        stats.given_up.fetch_add(1, std::memory_order_relaxed);
        spdlog::warn("email {} ({}) given up after {} attempts: {}", outcome.id, outcome.idempotency_key,
                     outcome.attempts, sent.error);
      } else {
        outcome.next_attempt_at =
            attempted_at + outbox_retry_delay(outcome.attempts, policy_.first_retry_seconds, policy_.longest_retry_seconds);
        spdlog::warn("email {} ({}) failed, attempt {}: {}", outcome.id, outcome.idempotency_key, outcome.attempts,
                     sent.error);
      }
    }
    // A confirmation's or reset's token lives in its row only until the row is settled.
    if ((outcome.purpose == EmailPurpose::kConfirm || outcome.purpose == EmailPurpose::kPasswordReset) &&
        outcome.status != DeliveryStatus::kPending) {
      outcome.payload_json = "{}";
    }
    outcomes.push_back(std::move(outcome));
  }
  finish_batch(std::move(outcomes));
}

void EmailSender::finish_batch(std::vector<EmailRecord> outcomes) {
  const std::int64_t now = clock_.now();
  store_.submit(
      [outcomes = std::move(outcomes), now, claim = claim_](Records& db) {
        for (const EmailRecord& e : outcomes) {
          // Its claim outlived: another node has it now and records its own.
          if (!db.update_email(e, now, claim)) {
            spdlog::warn("email {} ({}): claimed by another node since; this attempt's outcome is not recorded", e.id,
                         e.idempotency_key);
          }
        }
      },
      [this](std::exception_ptr error) {
        net::post(pump_.strand(), [this, error] {
          if (!pump_.stopped()) pump_.round_recorded(!error);
        });
      });
}

}  // namespace sp::server
