// CarriedConnection: the connection a request carried from another node
// (forwarding.hpp) is handled on, on the node that plays its table. It
// speaks for the identity the asking node vouched for, and its one reply
// goes back to that node. It watches nothing: the asker's own copy of the
// table pushes the move to the asker's watchers.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <functional>
#include <limits>
#include <string>
#include <utility>

#include "server/requests/forwarding.hpp"
#include "server/session/connection.hpp"

namespace sp::server {

class CarriedConnection final : public Connection {
 public:
  CarriedConnection(const boost::asio::any_io_executor& executor, const CarriedIdentity& identity,
                    std::function<void(std::string frame)> reply)
      : strand_(boost::asio::make_strand(executor)), reply_(std::move(reply)) {
    state_.greeted = true;
    state_.carried = true;
    state_.user_id = identity.user_id;
    state_.user_name = identity.user_name;
    // The asking node checks the session; here it never expires.
    state_.session_expires_at = std::numeric_limits<std::int64_t>::max();
    state_.administrator = identity.administrator;
    state_.bot = identity.bot;
    state_.language = identity.language;
    state_.client_address = identity.client_address;
    state_.remote_address = identity.remote_address;
    state_.settled = true;
  }

  void post(std::function<void()> fn) override { boost::asio::post(strand_, std::move(fn)); }
  void respond(std::string frame) override {
    if (!reply_) return;
    auto reply = std::move(reply_);
    reply_ = nullptr;
    reply(std::move(frame));
  }
  void deliver(std::shared_ptr<const std::string>) override {}
  void send(std::shared_ptr<const std::string>, IdentityEpoch) override {}
  ConnectionState& state() override { return state_; }
  void request_done() override {}

 private:
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  ConnectionState state_;
  std::function<void(std::string)> reply_;  // on the strand
};

}  // namespace sp::server
