// When an item has expired under its table's time to live, as DynamoDB
// decides it: the TTL attribute must be a Number holding epoch seconds
// that are not later than now. An attribute of another type, a missing
// one, and a time more than five years before now are ignored (DynamoDB
// leaves such items alone, so that a value in milliseconds, or a stray
// small number, does not delete data).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_STORE_TIME_TO_LIVE_H_
#define DYNAMITE_STORE_TIME_TO_LIVE_H_

#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "store/packed_item.h"

namespace dynamite {

// How far back an expiry time may lie and still count.
inline constexpr absl::Duration kMaxTimeToLiveAge = absl::Hours(24 * 365 * 5);

// True if `item`'s attribute `attribute` says it has expired at `now`.
bool IsExpired(const PackedItem& item, absl::string_view attribute,
               absl::Time now);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TIME_TO_LIVE_H_
