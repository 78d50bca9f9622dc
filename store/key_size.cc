#include "store/key_size.h"

#include "absl/strings/string_view.h"

#include "common/errors.h"

namespace dynamite {
namespace {

constexpr absl::string_view kPartitionKeyTooLarge =
    "One or more parameter values were invalid: Size of hashkey has exceeded "
    "the maximum size limit of2048 bytes";
constexpr absl::string_view kSortKeyTooLarge =
    "One or more parameter values were invalid: Aggregated size of all range "
    "keys has exceeded the size limit of 1024 bytes";

}  // namespace

bool KeyBytesFit(size_t bytes, KeyRole role) {
  switch (role) {
    case KeyRole::kPartition:
      return bytes <= kMaxPartitionKeyBytes;
    case KeyRole::kSort:
      return bytes <= kMaxSortKeyBytes;
  }
  return true;
}

absl::Status CheckKeyBytes(size_t bytes, KeyRole role) {
  if (KeyBytesFit(bytes, role)) return absl::OkStatus();
  return ValidationError(role == KeyRole::kPartition ? kPartitionKeyTooLarge
                                                     : kSortKeyTooLarge);
}

}  // namespace dynamite
