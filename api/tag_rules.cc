// Tag and ResourceArn rules. A tag key or value may hold, per DynamoDB's
// pattern (AWS docs: Tagging restrictions in DynamoDB; its model's
// [\p{L}\p{Z}\p{N}_.:/=+\-@]*):
//
//   tag_text  := { letter | number | space | "_" | "." | ":" | "/" | "="
//                | "+" | "-" | "@" }
//   letter, number, space := Unicode categories L, N and Z
//
// Outside ASCII, the categories are approximated by blocks: controls,
// combining marks, punctuation, symbol, private-use and emoji blocks are
// rejected, the rest (the scripts' letters and digits) accepted. Live
// captures agree on the cases they tried: Cyrillic, Latin-1 letters, CJK,
// NBSP and the ideographic space accepted; emoji, '#', '%', ',', quotes,
// '&', '*', ';', '?', '|', '\', '<', '>', '~', '!' rejected.
//
// A table ARN is
//
//   arn := "arn:aws:dynamodb:" region ":" account ":table/" table_name

#include "api/tag_rules.h"

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

#include "api/constraint.h"
#include "common/errors.h"

namespace dynamite::api_internal {
namespace {

constexpr absl::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";

struct CodePointRange {
  char32_t first;
  char32_t last;
};

// Non-ASCII code points outside categories L, N and Z (see the file
// comment); sorted.
constexpr CodePointRange kRejected[] = {
    {0x0080, 0x009F},    {0x00A1, 0x00A9},   {0x00AB, 0x00B1},
    {0x00B4, 0x00B4},    {0x00B6, 0x00B8},   {0x00BB, 0x00BB},
    {0x00BF, 0x00BF},    {0x00D7, 0x00D7},   {0x00F7, 0x00F7},
    {0x02C2, 0x02C5},    {0x02D2, 0x02DF},   {0x0300, 0x036F},
    {0x0483, 0x0489},    {0x0591, 0x05C7},   {0x0610, 0x061A},
    {0x064B, 0x065F},    {0x2010, 0x2027},   {0x202A, 0x202E},
    {0x2030, 0x205E},    {0x2060, 0x206F},   {0x20A0, 0x20FF},
    {0x2190, 0x245F},    {0x249C, 0x2775},   {0x2794, 0x2BFF},
    {0x2DE0, 0x2E7F},    {0x2E80, 0x2FFF},   {0x3001, 0x3004},
    {0x3008, 0x3020},    {0x302A, 0x3030},   {0x3099, 0x309C},
    {0x30A0, 0x30A0},    {0x30FB, 0x30FB},   {0xD800, 0xF8FF},
    {0xFE00, 0xFE6F},    {0xFEFF, 0xFEFF},   {0xFF01, 0xFF0F},
    {0xFF1A, 0xFF20},    {0xFF3B, 0xFF40},   {0xFF5B, 0xFF65},
    {0xFFF0, 0xFFFF},    {0x1D000, 0x1D24F}, {0x1F000, 0x1FAFF},
    {0xE0000, 0x10FFFF},
};

bool IsAllowedCodePoint(char32_t c) {
  if (c < 0x80) {
    return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == ' ' ||
           c == '_' || c == '.' || c == ':' || c == '/' || c == '=' ||
           c == '+' || c == '-' || c == '@';
  }
  for (const CodePointRange& range : kRejected) {
    if (c < range.first) return true;
    if (c <= range.last) return false;
  }
  return true;
}

// Decodes the next UTF-8 code point of `text` at `*pos`; returns false on
// a malformed sequence.
bool NextCodePoint(absl::string_view text, size_t* pos, char32_t* out) {
  const auto byte = [&](size_t i) {
    return static_cast<unsigned char>(text[i]);
  };
  const unsigned char lead = byte(*pos);
  size_t length = lead < 0x80   ? 1
                  : lead < 0xC2 ? 0
                  : lead < 0xE0 ? 2
                  : lead < 0xF0 ? 3
                  : lead < 0xF5 ? 4
                                : 0;
  if (length == 0 || *pos + length > text.size()) return false;
  char32_t c = length == 1 ? lead : lead & (0x7F >> length);
  for (size_t i = 1; i < length; ++i) {
    if ((byte(*pos + i) & 0xC0) != 0x80) return false;
    c = (c << 6) | (byte(*pos + i) & 0x3F);
  }
  *pos += length;
  *out = c;
  return true;
}

// True if `text` is `min_length`..`max_length` characters of tag_text.
bool IsValidTagText(absl::string_view text, size_t min_length,
                    size_t max_length) {
  size_t characters = 0;
  for (size_t pos = 0; pos < text.size();) {
    char32_t c;
    if (!NextCodePoint(text, &pos, &c) || !IsAllowedCodePoint(c)) {
      return false;
    }
    ++characters;
  }
  return characters >= min_length && characters <= max_length;
}

absl::Status ValidateTagKey(absl::string_view key) {
  if (!IsValidTagText(key, 1, kMaxTagKeyLength)) {
    return ValidationError(
        absl::StrCat("The Tag Key provided is invalid, Key: ", key));
  }
  // Reserved for AWS-assigned tags, in any case ("AWS:x" too).
  if (key.size() >= 4 && absl::EqualsIgnoreCase(key.substr(0, 4), "aws:")) {
    return ValidationError(
        absl::StrCat("Tag Key cannot be prefixed with aws:, Key: ", key));
  }
  return absl::OkStatus();
}

absl::Status InvalidTableArn(absl::string_view arn) {
  return ValidationError(absl::StrCat(
      "Invalid TableArn: Invalid ResourceArn provided as input ", arn));
}

absl::Status NotDynamoDbArn(absl::string_view arn) {
  return ValidationError(absl::StrCat(
      kInvalidPrefix, "Provided Arn is not a DynamoDB resource arn: ", arn));
}

}  // namespace

absl::StatusOr<std::string> TableNameOfArn(absl::string_view arn,
                                           absl::string_view region,
                                           absl::string_view account_id) {
  if (!absl::StartsWith(arn, "arn:")) {
    return ValidationError(
        absl::StrCat(kInvalidPrefix, "ARNs must start with 'arn:': ", arn));
  }
  // arn:partition:service:region:account:resource
  std::vector<absl::string_view> fields =
      absl::StrSplit(arn, absl::MaxSplits(':', 5));
  if (fields.size() != 6 || fields[2] != "dynamodb") return NotDynamoDbArn(arn);
  std::vector<absl::string_view> resource = absl::StrSplit(fields[5], '/');
  if (resource[0] != "table" || resource.size() < 2) return NotDynamoDbArn(arn);
  if (resource.size() > 2) {
    if (resource[2] == "backup") return NotDynamoDbArn(arn);
    if (resource[2] == "stream") return ResourceArnNotFoundError(arn);
    return ValidationError(absl::StrCat(
        kInvalidPrefix,
        "Invalid resource arn provided, only table or stream is accepted. "
        "Provided resource arn: ",
        arn));
  }
  if (fields[1] != "aws" || fields[3] != region) return InvalidTableArn(arn);
  if (fields[4] != account_id) {
    return MakeError(ErrorKind::kAccessDenied, "Access is denied");
  }
  if (!ValidateTableName(resource[1], TableNameUse::kItemOperation).ok()) {
    return InvalidTableArn(arn);
  }
  return std::string(resource[1]);
}

bool IsTableResourceArn(absl::string_view arn, absl::string_view kind) {
  const size_t table = arn.find(":table/");
  return absl::StartsWith(arn, "arn:") && table != absl::string_view::npos &&
         arn.find(absl::StrCat("/", kind, "/"), table) !=
             absl::string_view::npos;
}

absl::Status ResourceArnNotFoundError(absl::string_view arn) {
  return ResourceNotFoundError(absl::StrCat(
      "Requested resource not found: ResourceArn: ", arn, " not found"));
}

absl::Status TooManyTagsError() {
  return ValidationError(
      "Number of Tags exceed the current limit for the provided ResourceArn");
}

absl::Status ValidateTags(absl::Span<const Tag> tags) {
  for (const Tag& tag : tags) {
    if (absl::Status s = ValidateTagKey(tag.key); !s.ok()) return s;
    if (!IsValidTagText(tag.value, 0, kMaxTagValueLength)) {
      return ValidationError(absl::StrCat(
          "The Tag Value provided is invalid, Value: ", tag.value));
    }
  }
  absl::flat_hash_set<absl::string_view> keys;
  for (const Tag& tag : tags) {
    if (!keys.insert(tag.key).second) {
      return ValidationError(absl::StrCat(
          "Duplicate Tag Keys provided as input: Duplicate Tag Key found ",
          tag.key));
    }
  }
  if (tags.size() > kMaxTagsPerResource) return TooManyTagsError();
  return absl::OkStatus();
}

absl::Status ValidateTagKeys(absl::Span<const std::string> keys) {
  if (keys.size() > kMaxTagsPerResource) return TooManyTagsError();
  for (const std::string& key : keys) {
    if (absl::Status s = ValidateTagKey(key); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace dynamite::api_internal
