#include "server/cli/command_line.hpp"

#include <algorithm>
#include <charconv>

namespace sp::cli {

std::optional<Flags> Flags::parse(const std::vector<std::string>& args, const std::vector<std::string>& known,
                                  std::string& error) {
  Flags flags;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() > 2 && arg.rfind("--", 0) == 0) {
      const std::string name = arg.substr(2);
      if (std::find(known.begin(), known.end(), name) == known.end()) {
        error = "unknown option --" + name;
        return std::nullopt;
      }
      if (i + 1 >= args.size()) {
        error = "--" + name + " needs a value";
        return std::nullopt;
      }
      flags.values_.emplace_back(name, args[++i]);
    } else {
      flags.positional_.push_back(arg);
    }
  }
  return flags;
}

std::optional<std::string> Flags::get(const std::string& name) const {
  for (const auto& [key, value] : values_) {
    if (key == name) return value;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> Flags::number(const std::string& name, std::uint64_t fallback, std::uint64_t low,
                                           std::uint64_t high, std::string& error) const {
  const auto text = get(name);
  if (!text) return fallback;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || end != text->data() + text->size() || value < low || value > high) {
    error = "--" + name + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high);
    return std::nullopt;
  }
  return value;
}

}  // namespace sp::cli
