// The one exception of the store: the database failed (I/O, a full disk, a
// damaged file, a broken constraint). Whatever backend is behind the store
// throws it, with the database's own words in what().
#pragma once

#include <stdexcept>

namespace sp::server {

class DatabaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace sp::server
