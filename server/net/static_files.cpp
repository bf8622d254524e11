#include "server/net/static_files.hpp"

#include <cctype>
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
  std::string_view gzip;
  std::string_view brotli;
  bool immutable;
};

#include "server/web_files.inc"

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool same_letters(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

// Whether an Accept-Encoding header accepts a coding: named (or "*") with
// a q-value above zero (RFC 9110, 12.5.3).
bool accepts(std::string_view header, std::string_view coding) {
  bool named = false;
  bool by_star = false;
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    const auto semicolon = item.find(';');
    const std::string_view name = trim(item.substr(0, semicolon));
    bool zero = false;
    if (semicolon != std::string_view::npos) {
      std::string_view param = trim(item.substr(semicolon + 1));
      if (param.starts_with("q=") || param.starts_with("Q=")) {
        param.remove_prefix(2);
        zero = !param.empty() && param.find_first_not_of("0.") == std::string_view::npos;
      }
    }
    if (same_letters(name, coding)) {
      if (zero) return false;
      named = true;
    } else if (name == "*" && !zero) {
      by_star = true;
    }
  }
  return named || by_star;
}

// Whether an If-None-Match header names this ETag (or is "*"); a weak
// validator matches too, since a proxy may weaken the tag of what it compressed.
bool names_etag(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view tag = trim(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag == etag || tag == "*") return true;
  }
  return false;
}

std::string_view content_type_of(std::string_view path) {
  auto ends_with = [path](std::string_view ext) { return path.ends_with(ext); };
  if (ends_with(".html")) return "text/html; charset=utf-8";
  if (ends_with(".js")) return "text/javascript; charset=utf-8";
  if (ends_with(".css")) return "text/css; charset=utf-8";
  if (ends_with(".json")) return "application/json";
  if (ends_with(".webmanifest")) return "application/manifest+json";
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
      auto text = std::make_shared<const std::string>(body.str());
      return StaticFile{*text, {}, {}, content_type_of(path), etag_of(*text), false, text};
    }
  }
  for (const EmbeddedFile& f : kEmbeddedFiles) {
    if (f.path == path) return StaticFile{f.body, f.gzip, f.brotli, content_type_of(path), etag_of(f.body), f.immutable, {}};
  }
  return std::nullopt;
}

http::response<http::string_body> StaticFiles::respond(const StaticFile& file,
                                                       const http::request<http::string_body>& request) {
  // The smallest coding the browser accepts; each has its own ETag, so a
  // cache never answers one coding's validator with another's body.
  const std::string_view accepted = request[http::field::accept_encoding];
  std::string_view body = file.body;
  std::string_view coding;
  if (!file.brotli.empty() && accepts(accepted, "br")) {
    body = file.brotli;
    coding = "br";
  } else if (!file.gzip.empty() && accepts(accepted, "gzip")) {
    body = file.gzip;
    coding = "gzip";
  }
  std::string etag = file.etag;
  if (!coding.empty()) etag.insert(etag.size() - 1, "-" + std::string(coding));
  const bool current = names_etag(request[http::field::if_none_match], etag);
  http::response<http::string_body> res{current ? http::status::not_modified : http::status::ok, request.version()};
  res.set(http::field::server, "spb");
  res.set(http::field::content_type, file.content_type);
  // A file named by its content's hash is kept for a year without asking
  // again; any other (the HTML shell naming those files, /sw.js) is
  // revalidated every time (the ETag makes that cheap), so a new server
  // version never meets an old page in the browser's cache.
  res.set(http::field::cache_control, file.immutable ? "public, max-age=31536000, immutable" : "no-cache");
  res.set(http::field::etag, etag);
  if (!coding.empty()) res.set(http::field::content_encoding, coding);
  if (!file.gzip.empty() || !file.brotli.empty()) res.set(http::field::vary, "Accept-Encoding");
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
  if (!current && request.method() != http::verb::head) res.body() = std::string(body);
  res.prepare_payload();
  if (request.method() == http::verb::head) res.content_length(body.size());
  return res;
}

}  // namespace sp::server
