// StaticFiles: the browser client's files and /cards.json as HTTP responses,
// embedded in the binary at build time, bundled and compressed
// (web/build_web.cmake), or read from a folder on disk for development
// (`--static-dir`), falling back to the embedded copy for files the folder
// lacks.
#pragma once

#include <boost/beast/http.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace sp::server {

struct StaticFile {
  std::string_view body;
  // The body compressed at build time; empty where there is none (a file
  // read from disk, or one that compression does not make smaller).
  std::string_view gzip;
  std::string_view brotli;
  std::string_view content_type;
  std::string etag;  // a quoted hash of the body
  // Its name holds its content's hash, so it never changes under that name.
  bool immutable = false;
  // A file read from disk: what body views.
  std::shared_ptr<const std::string> owned;
};

class StaticFiles {
 public:
  explicit StaticFiles(std::string directory);

  // The file at an absolute URL path ("/" is "/index.html"), or nothing.
  std::optional<StaticFile> find(std::string_view url_path) const;

  // A GET answer for a found file, Brotli or gzip when the request accepts
  // it: 304 when the client's copy is current.
  static boost::beast::http::response<boost::beast::http::string_body> respond(
      const StaticFile& file, const boost::beast::http::request<boost::beast::http::string_body>& request);

 private:
  std::string directory_;
};

}  // namespace sp::server
