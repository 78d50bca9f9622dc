// Composite sort keys: segments joined by a separator, e.g.
//
//   SEASON#2026-SPRING
//   EVT#2026-06-23T10:15:30.123Z#0001
//   0000000957#2026-06-23T10:15:30Z#player-17   (score descending, then time)
//
//   absl::StatusOr<std::string> key = dynamite::CompositeKey()
//       .AddText("EVT")
//       .AddTimestamp(t, dynamite::TimestampPrecision::kMilliseconds)
//       .AddNumber(1, 4)
//       .Build();
//
// Every numeric segment is padded (keydesign/padding.h), so keys order by
// segment, and a segment may not contain the separator, so a key splits
// back into exactly the segments it was built from. The builder keeps the
// first error and reports it from Build(); nothing is truncated or escaped
// silently.
//
// begins_with on a partial key must end with the separator:
// begins_with(sk, "USER#1") also matches USER#10 and USER#1234, while
// BuildPrefix() gives "USER#1#", which matches only keys continuing USER#1.
//
// Thread safety: a CompositeKey is a value; distinct instances may be used
// concurrently. ParseCompositeKey is a pure function.

#ifndef DYNAMITE_KEYDESIGN_COMPOSITE_KEY_H_
#define DYNAMITE_KEYDESIGN_COMPOSITE_KEY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

#include "keydesign/timestamp_key.h"

namespace dynamite {

// The usual separator of DynamoDB single-table designs.
inline constexpr absl::string_view kDefaultKeySeparator = "#";

class CompositeKey {
 public:
  explicit CompositeKey(absl::string_view separator = kDefaultKeySeparator);

  // A text segment, as it is. It is an error if it contains the separator.
  CompositeKey& AddText(absl::string_view segment);
  // PadNumber(value, width).
  CompositeKey& AddNumber(int64_t value, int width);
  // InvertForDescending(value, max, width).
  CompositeKey& AddDescending(int64_t value, int64_t max, int width);
  // PadSigned(value, width).
  CompositeKey& AddSigned(int64_t value, int width);
  // PadDecimal(value, integer_digits, scale).
  CompositeKey& AddDecimal(absl::string_view value, int integer_digits,
                           int scale);
  // FormatTimestampKey(time, precision).
  CompositeKey& AddTimestamp(absl::Time time, TimestampPrecision precision);

  // The segments joined by the separator.
  // Errors: the first error of an Add call (kInvalidArgument or
  // kOutOfRange, see keydesign/padding.h); kInvalidArgument for an empty
  // separator, a segment containing it, or a key with no segment.
  absl::StatusOr<std::string> Build() const;

  // Build() followed by the separator: the begins_with prefix of every key
  // that continues this one.
  absl::StatusOr<std::string> BuildPrefix() const;

 private:
  CompositeKey& Add(absl::StatusOr<std::string> segment);

  std::string separator_;
  std::vector<std::string> segments_;
  // The first error of an Add call. Not named status_: that is the name of
  // the local DYNAMITE_RETURN_IF_ERROR declares, which would shadow it.
  absl::Status first_error_;
};

// The segments of `key`, split at every `separator`: the inverse of
// CompositeKey::Build() (numeric segments are read back with the Parse*
// functions of keydesign/padding.h and keydesign/timestamp_key.h).
// Errors: kInvalidArgument for an empty key or separator.
absl::StatusOr<std::vector<std::string>> ParseCompositeKey(
    absl::string_view key, absl::string_view separator = kDefaultKeySeparator);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_COMPOSITE_KEY_H_
