// EmailSender: sends the email outbox (schema/0007_email.sql) through the
// operator's SMTP relay, retrying with the webhooks' backoff and giving up
// after a set number of attempts or at once on a permanent refusal (5xx).
//
// Rows are written in the transaction of what they tell (notice_channels.hpp),
// so a crash between that commit and the send only delays the email: at
// start-up the sender finds the row pending and sends it. One row per
// idempotency key, and the row is marked delivered in the transaction after
// the relay accepted it; should the server die in between, the row is sent
// again with the same Message-ID, which mail programs show once.
//
// It works off the table strands: the store's thread reads and records, a
// thread of its own talks to the relay (libcurl blocks), and the io_context
// only passes batches along. A slow or refusing relay delays email only.
//
// Nodes sharing one PostgreSQL database claim the rows they send, as the
// webhook sender does (webhook_sender.hpp): a claim lasts as long as a
// round's sends may take plus a margin, and only the claimant records the
// outcome. A node that dies mid-send leaves its claims to expire; another
// node then sends those emails again with the same Message-ID.
//
// Thread-safety: wake() and stop() are safe from any thread.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/thread_pool.hpp>

#include <cstdint>
#include <vector>

#include "server/base/clock.hpp"
#include "server/base/metrics.hpp"
#include "server/notices/email_compose.hpp"
#include "server/notices/email_links.hpp"
#include "server/notices/notice_sender.hpp"
#include "server/notices/outbox_pump.hpp"
#include "server/notices/smtp_relay.hpp"
#include "server/store/store.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

struct EmailPolicy {
  int max_attempts = 8;
  std::int64_t first_retry_seconds = 60;
  std::int64_t longest_retry_seconds = 6 * 3600;
};

class EmailSender : public NoticeSender {
 public:
  // `node` names this node in its claims; `claim_margin_ms` is added to the
  // longest a round's sends take for how long a claim lasts.
  EmailSender(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
              SmtpSettings smtp, EmailPolicy policy, EmailLinks links, Metrics& metrics, std::string node,
              std::int64_t claim_margin_ms);
  ~EmailSender() override;

  const EmailLinks& links() const { return links_; }

  // Emails may be due: read them and send them.
  void wake() override;
  // No send starts after this; waits for the one under way.
  void stop();

 private:
  void fetch();  // on the pump's strand
  void send_batch(std::vector<EmailToSend> batch);  // on relay_
  void finish_batch(std::vector<EmailRecord> outcomes);

  Store& store_;
  const Clock& clock_;
  const SmtpSettings smtp_;
  const EmailPolicy policy_;
  const EmailLinks links_;
  Metrics& metrics_;
  const Claim claim_;
  OutboxPump pump_;
  boost::asio::thread_pool relay_{1};
};

// Reads what composing one outbox row needs, in a store job.
EmailToSend read_email_to_send(Records& db, const EmailRecord& email);

}  // namespace sp::server
