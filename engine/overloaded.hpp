// Overloaded{lambdas...}: one visitor of a std::variant made of a lambda per
// alternative, for std::visit. The deduction guide is spelled out because
// clang 14 (the fuzz build's compiler) does not deduce an aggregate's
// template arguments by itself.
#pragma once

namespace sp {

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace sp
