// Standing orders: orders, set_orders.
#include "protocol/request_codecs.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

client::SetOrders set_orders(FieldReader& f) {
  client::SetOrders set;
  const json& orders = f.at("orders");
  if (f.ok() && !orders.is_array()) f.refuse(ErrorCode::kBadRequest, "orders: a list of orders is required");
  if (f.ok() && orders.size() > kMaxOrdersPerSeat) {
    f.refuse(ErrorCode::kBadRequest, "orders: a seat keeps at most " + std::to_string(kMaxOrdersPerSeat) + " orders");
  }
  for (std::size_t i = 0; f.ok() && i < orders.size(); ++i) {
    auto wish = decode_order_wish(orders[i], "orders[" + std::to_string(i) + "]");
    if (wish) {
      set.orders.push_back(std::move(*wish));
    } else {
      f.refuse_decoded(wish.error());
    }
  }
  set.table = f.table();
  return set;
}

}  // namespace

void add_order_codecs(RequestCodecs& codecs) {
  codecs.add<client::Orders>([](FieldReader& f) { return client::Orders{f.table()}; },
                             [](const client::Orders& m, json& out) { out["table"] = m.table; });
  codecs.add<client::SetOrders>(set_orders, [](const client::SetOrders& m, json& out) {
    out["table"] = m.table;
    json orders = json::array();
    for (const OrderWish& wish : m.orders) orders.push_back(encode_order_wish(wish));
    out["orders"] = std::move(orders);
  });
}

}  // namespace sp::protocol
