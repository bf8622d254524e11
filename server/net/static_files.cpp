#include "server/net/static_files.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sp::server {
namespace {

namespace http = boost::beast::http;

struct EmbeddedFile {
  std::string_view path;
  std::string_view body;
};

#include "server/web_files.inc"

std::string_view content_type_of(std::string_view path) {
  auto ends_with = [path](std::string_view ext) { return path.ends_with(ext); };
  if (ends_with(".html")) return "text/html; charset=utf-8";
  if (ends_with(".js")) return "text/javascript; charset=utf-8";
  if (ends_with(".css")) return "text/css; charset=utf-8";
  if (ends_with(".json")) return "application/json";
  if (ends_with(".svg")) return "image/svg+xml";
  if (ends_with(".png")) return "image/png";
  // WebAssembly.instantiateStreaming compiles only what is served as this.
  if (ends_with(".wasm")) return "application/wasm";
  return "application/octet-stream";
}

std::string etag_of(std::string_view body) {
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a
  for (unsigned char c : body) hash = (hash ^ c) * 1099511628211ULL;
  std::ostringstream out;
  out << '"' << std::hex << hash << '"';
  return out.str();
}

// Only plain relative paths: no "..", no backslashes, no empty segments.
bool safe_path(std::string_view path) {
  return !path.empty() && path.front() == '/' && path.find("..") == std::string_view::npos &&
         path.find('\\') == std::string_view::npos && path.find("//") == std::string_view::npos &&
         path.find('\0') == std::string_view::npos;
}

}  // namespace

StaticFiles::StaticFiles(std::string directory) : directory_(std::move(directory)) {}

std::optional<StaticFile> StaticFiles::find(std::string_view url_path) const {
  std::string path(url_path.substr(0, url_path.find_first_of("?#")));
  if (path == "/") path = "/index.html";
  if (!safe_path(path)) return std::nullopt;
  if (!directory_.empty()) {
    const std::filesystem::path file = std::filesystem::path(directory_) / path.substr(1);
    std::ifstream in(file, std::ios::binary);
    if (in && std::filesystem::is_regular_file(file)) {
      std::ostringstream body;
      body << in.rdbuf();
      std::string text = body.str();
      std::string etag = etag_of(text);
      return StaticFile{std::move(text), content_type_of(path), std::move(etag)};
    }
  }
  for (const EmbeddedFile& f : kEmbeddedFiles) {
    if (f.path == path) return StaticFile{std::string(f.body), content_type_of(path), etag_of(f.body)};
  }
  return std::nullopt;
}

http::response<http::string_body> StaticFiles::respond(const StaticFile& file,
                                                       const http::request<http::string_body>& request) {
  const bool current = request[http::field::if_none_match] == file.etag;
  http::response<http::string_body> res{current ? http::status::not_modified : http::status::ok, request.version()};
  res.set(http::field::server, "spb");
  res.set(http::field::content_type, file.content_type);
  // Revalidate every time (the ETag makes that cheap): a new server version
  // must never meet an old module in the browser's cache.
  res.set(http::field::cache_control, "no-cache");
  res.set(http::field::etag, file.etag);
  res.set("X-Content-Type-Options", "nosniff");
  // The page's addresses (a private table's code) stay on this site.
  res.set("Referrer-Policy", "no-referrer");
  // The page is a client of this server only: nothing is fetched from elsewhere.
  // 'wasm-unsafe-eval' lets it compile WebAssembly (the check of a deal replays
  // with the engine built to it, web/verifier), and still no script from text.
  res.set("Content-Security-Policy",
          "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' data:; "
          "style-src 'self'; "
          "object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
  res.keep_alive(request.keep_alive());
  if (!current && request.method() != http::verb::head) res.body() = file.body;
  res.prepare_payload();
  if (request.method() == http::verb::head) res.content_length(file.body.size());
  return res;
}

}  // namespace sp::server
