// A fresh folder under the system's temporary folder, removed with its
// contents when the TempDir goes away.
#pragma once

#include <filesystem>
#include <string>

namespace sp::test {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace sp::test
