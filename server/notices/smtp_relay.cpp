#include "server/notices/smtp_relay.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "server/notices/mail_message.hpp"

namespace sp::server {
namespace {

struct Upload {
  const std::string& text;
  std::size_t sent = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, upload->text.size() - upload->sent);
  std::memcpy(buffer, upload->text.data() + upload->sent, n);
  upload->sent += n;
  return n;
}

}  // namespace

void init_smtp() { curl_global_init(CURL_GLOBAL_DEFAULT); }

SmtpOutcome send_mail(const SmtpSettings& settings, const std::string& to, const std::string& message) {
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);
  if (!curl) return {"libcurl could not start", false};
  const std::string scheme = settings.security == "tls" ? "smtps://" : "smtp://";
  const std::string url = scheme + settings.host + ":" + std::to_string(settings.port);
  const std::string sender = "<" + bare_address(settings.from) + ">";
  const std::string recipient = "<" + to + ">";
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> recipients(curl_slist_append(nullptr, recipient.c_str()),
                                                                          &curl_slist_free_all);
  Upload upload{message};
  char error[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, sender.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(c, CURLOPT_READFUNCTION, &read_upload);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(settings.timeout_seconds));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, static_cast<long>(std::min(settings.timeout_seconds, 15)));
  // Only SMTP: a host name can never turn this handle into another protocol.
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  if (settings.security == "starttls") curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  if (!settings.user.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, settings.user.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, settings.password.c_str());
  }
  const CURLcode code = curl_easy_perform(c);
  if (code == CURLE_OK) return {};
  long reply = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &reply);
  std::string why = error[0] != '\0' ? error : curl_easy_strerror(code);
  if (reply != 0) why += " (relay answered " + std::to_string(reply) + ")";
  return {why, reply >= 500 && reply < 600};
}

}  // namespace sp::server
