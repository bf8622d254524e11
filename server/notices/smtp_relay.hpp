// SmtpRelay: hands one composed email to the operator's SMTP relay through
// libcurl's SMTP client (STARTTLS or implicit TLS, certificates checked,
// AUTH when a user is set). Never a hand-written SMTP dialogue.
//
// Thread-safety: send() blocks for up to the timeout and may run on several
// threads at once (a curl handle per call); call init_smtp() once first.
#pragma once

#include <string>

namespace sp::server {

struct SmtpSettings {
  std::string host;
  int port = 587;
  std::string security = "starttls";  // starttls, tls or none
  std::string user;
  std::string password;
  std::string from;  // the configured From; its bare address is the envelope sender
  int timeout_seconds = 30;
};

struct SmtpOutcome {
  std::string error;        // empty: the relay accepted the message
  bool permanent = false;   // a 5xx answer: the same message would be refused again
};

void init_smtp();

SmtpOutcome send_mail(const SmtpSettings& settings, const std::string& to, const std::string& message);

}  // namespace sp::server
