// NoticeSender: what the notifier knows of a channel's sender (the webhook
// and Web Push sender, the email sender). A store job queues a notice in the
// channel's outbox; after it committed, the notifier only wakes the sender,
// which reads its outbox off the table strands and sends in its own way. The
// notifier so depends on no sender, and a new channel's sender is one more
// implementation of this.
//
// Thread-safety: an implementation's wake() is safe from any thread.
#pragma once

namespace sp::server {

class NoticeSender {
 public:
  virtual ~NoticeSender() = default;
  // Rows may be due in the sender's outbox: read them and send them.
  virtual void wake() = 0;
};

}  // namespace sp::server
