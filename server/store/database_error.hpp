// The one exception of the store: the database failed (I/O, a full disk, a
// damaged file, a broken constraint). Whatever backend is behind the store
// throws it, with the database's own words in what().
#pragma once

#include <exception>
#include <stdexcept>

namespace sp::server {

class DatabaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The database could not be reached: the connection to PostgreSQL broke or
// was refused (an outage, a restart, the network). Unlike other failures it
// passes by itself; what was being written may or may not be on disk, so the
// writer reads the database again once it answers (docs/operations.md).
class DatabaseUnavailable : public DatabaseError {
 public:
  using DatabaseError::DatabaseError;
};

// Whether `error` is a DatabaseUnavailable.
inline bool is_database_unavailable(const std::exception_ptr& error) {
  if (!error) return false;
  try {
    std::rethrow_exception(error);
  } catch (const DatabaseUnavailable&) {
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace sp::server
