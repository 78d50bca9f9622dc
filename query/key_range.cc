#include "query/key_range.h"

#include <optional>
#include <string>
#include <utility>

#include "absl/strings/string_view.h"

#include "store/key_codec.h"

namespace dynamite {

std::optional<std::string> PrefixSuccessor(absl::string_view prefix) {
  std::string successor(prefix);
  while (!successor.empty() &&
         static_cast<unsigned char>(successor.back()) == 0xFF) {
    successor.pop_back();
  }
  if (successor.empty()) return std::nullopt;
  successor.back() =
      static_cast<char>(static_cast<unsigned char>(successor.back()) + 1);
  return successor;
}

KeyRange PlanKeyRange(const std::optional<SortKeyCondition>& sort) {
  KeyRange range;
  if (!sort.has_value()) return range;
  // The bounds borrow S and B values from the condition, i.e. the request.
  KeyBytes key = EncodeKeyBytes(*sort->value);
  switch (sort->op) {
    case SortKeyCondition::Op::kEq:
      range.lower = KeyBound{key, /*inclusive=*/true};
      range.upper = KeyBound{std::move(key), /*inclusive=*/true};
      break;
    case SortKeyCondition::Op::kLt:
      range.upper = KeyBound{std::move(key), /*inclusive=*/false};
      break;
    case SortKeyCondition::Op::kLe:
      range.upper = KeyBound{std::move(key), /*inclusive=*/true};
      break;
    case SortKeyCondition::Op::kGt:
      range.lower = KeyBound{std::move(key), /*inclusive=*/false};
      break;
    case SortKeyCondition::Op::kGe:
      range.lower = KeyBound{std::move(key), /*inclusive=*/true};
      break;
    case SortKeyCondition::Op::kBetween:
      range.lower = KeyBound{std::move(key), /*inclusive=*/true};
      range.upper = KeyBound{EncodeKeyBytes(*sort->upper), /*inclusive=*/true};
      break;
    case SortKeyCondition::Op::kBeginsWith:
      if (std::optional<std::string> end = PrefixSuccessor(key.view())) {
        range.upper = KeyBound{*std::move(end), /*inclusive=*/false};
      }
      range.lower = KeyBound{std::move(key), /*inclusive=*/true};
      break;
  }
  return range;
}

}  // namespace dynamite
