// StaticFiles: the browser client's files and /cards.json as HTTP responses,
// embedded in the binary at build time (web/embed_web.cmake), or read from a
// folder on disk for development (`--static-dir`), falling back to the
// embedded copy for files the folder lacks.
#pragma once

#include <boost/beast/http.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace sp::server {

struct StaticFile {
  std::string body;
  std::string_view content_type;
  std::string etag;  // a quoted hash of the body
};

class StaticFiles {
 public:
  explicit StaticFiles(std::string directory);

  // The file at an absolute URL path ("/" is "/index.html"), or nothing.
  std::optional<StaticFile> find(std::string_view url_path) const;

  // A GET answer for a found file: 304 when the client's copy is current.
  static boost::beast::http::response<boost::beast::http::string_body> respond(
      const StaticFile& file, const boost::beast::http::request<boost::beast::http::string_body>& request);

 private:
  std::string directory_;
};

}  // namespace sp::server
