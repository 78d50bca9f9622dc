#include "store/time_to_live.h"

#include <optional>

#include "store/number.h"
#include "store/packed_value.h"
#include "store/value.h"

namespace dynamite {

bool IsExpired(const PackedItem& item, absl::string_view attribute,
               absl::Time now) {
  std::optional<ValueView> value = item.Find(attribute);
  if (!value.has_value() || value->type() != ValueType::kN) return false;
  // Compared as Numbers, exactly: a fraction of a second counts (an item
  // expiring at 100.5 has not expired at 100) and no value overflows.
  const Number expires = value->n();
  const Number now_seconds = Number::FromInt(absl::ToUnixSeconds(now));
  const Number oldest =
      Number::FromInt(absl::ToUnixSeconds(now - kMaxTimeToLiveAge));
  return expires <= now_seconds && expires >= oldest;
}

}  // namespace dynamite
