#include "durability/database_files.h"

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"

namespace dynamite {
namespace {

constexpr absl::string_view kRetiredPrefix = "commits-";
constexpr absl::string_view kRetiredSuffix = ".log";
constexpr size_t kRetiredDigits = 20;

}  // namespace

std::string BackupFileName(absl::string_view arn) {
  const size_t slash = arn.rfind('/');
  const absl::string_view id =
      slash == absl::string_view::npos ? arn : arn.substr(slash + 1);
  return absl::StrCat(id, kBackupFileSuffix);
}

std::string RetiredLogName(uint64_t through) {
  return absl::StrFormat("%s%020d%s", kRetiredPrefix, through, kRetiredSuffix);
}

std::optional<uint64_t> RetiredLogThrough(absl::string_view name) {
  if (!absl::ConsumePrefix(&name, kRetiredPrefix) ||
      !absl::ConsumeSuffix(&name, kRetiredSuffix) ||
      name.size() != kRetiredDigits) {
    return std::nullopt;
  }
  for (char c : name) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      return std::nullopt;
    }
  }
  uint64_t through = 0;
  if (!absl::SimpleAtoi(name, &through)) return std::nullopt;
  return through;
}

}  // namespace dynamite
