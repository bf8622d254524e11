// A small reader for `--name value` flags, shared by the spb subcommands.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sp::cli {

class Flags {
 public:
  // Reads `--name value` pairs and bare arguments; an unknown flag is an error.
  static std::optional<Flags> parse(const std::vector<std::string>& args,
                                    const std::vector<std::string>& known, std::string& error);

  std::optional<std::string> get(const std::string& name) const;
  // The flag as a whole number in [low, high], or `fallback` when absent.
  std::optional<std::uint64_t> number(const std::string& name, std::uint64_t fallback, std::uint64_t low,
                                      std::uint64_t high, std::string& error) const;
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::vector<std::pair<std::string, std::string>> values_;
  std::vector<std::string> positional_;
};

}  // namespace sp::cli
