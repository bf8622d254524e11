// Standing orders: orders, set_orders. The seat's own; the table checks them.
#include "server/requests/request.hpp"
#include "server/table/table.hpp"

namespace sp::server {
namespace {

namespace client = protocol::client;

void on_orders(const Request& r, const client::Orders& orders) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(
      r, orders.table, [r, user](std::shared_ptr<Table> table) { table->orders(user, replier(r)); }, /*watch=*/true);
}

void on_set_orders(const Request& r, const client::SetOrders& set) {
  const std::int64_t user = *r.state().user_id;
  with_requested_table(r, set.table, [r, user, wishes = set.orders](std::shared_ptr<Table> table) {
    table->set_orders(user, wishes, replier(r));
  });
}

}  // namespace

void add_order_requests(Routes& routes) {
  routes.add<client::Orders, on_orders>(Access::kUser);
  routes.add<client::SetOrders, on_set_orders>(Access::kUser);
}

}  // namespace sp::server
