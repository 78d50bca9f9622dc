#include "keydesign/lint_file_reader.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

#include "wire/export_json.h"

namespace dynamite {

absl::StatusOr<KeyAttribute> ParseKeyAttributeFlag(absl::string_view flag) {
  KeyAttribute key;
  absl::string_view name = flag;
  absl::string_view type = "S";
  if (size_t colon = flag.rfind(':'); colon != absl::string_view::npos) {
    name = flag.substr(0, colon);
    type = flag.substr(colon + 1);
  }
  if (name.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("key attribute needs a name: \"", flag, "\""));
  }
  key.name = std::string(name);
  if (type == "S") {
    key.type = KeyType::kS;
  } else if (type == "N") {
    key.type = KeyType::kN;
  } else if (type == "B") {
    key.type = KeyType::kB;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("key attribute type must be S, N or B: \"", flag, "\""));
  }
  return key;
}

namespace {

// DynamoDB's limit on the attributes of each part of a multi-attribute GSI
// key.
constexpr size_t kMaxKeyAttributes = 4;

absl::StatusOr<std::vector<KeyAttribute>> ParseKeyList(absl::string_view list,
                                                       absl::string_view flag) {
  std::vector<KeyAttribute> keys;
  for (absl::string_view part : absl::StrSplit(list, '+')) {
    absl::StatusOr<KeyAttribute> key = ParseKeyAttributeFlag(part);
    if (!key.ok()) return key.status();
    keys.push_back(*std::move(key));
  }
  if (keys.size() > kMaxKeyAttributes) {
    return absl::InvalidArgumentError(
        absl::StrCat("an index key has at most ", kMaxKeyAttributes,
                     " attributes: \"", flag, "\""));
  }
  return keys;
}

// Splits "NAME=KEYS" into its name and keys.
absl::StatusOr<std::pair<std::string, absl::string_view>> SplitIndexFlag(
    absl::string_view flag, absl::string_view form) {
  const size_t eq = flag.find('=');
  if (eq == absl::string_view::npos || eq == 0 || eq + 1 == flag.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("an index is ", form, ": \"", flag, "\""));
  }
  return std::make_pair(std::string(flag.substr(0, eq)), flag.substr(eq + 1));
}

}  // namespace

absl::StatusOr<LintIndex> ParseGsiFlag(absl::string_view flag) {
  absl::StatusOr<std::pair<std::string, absl::string_view>> parts =
      SplitIndexFlag(flag, "NAME=PK[,SK]");
  if (!parts.ok()) return parts.status();
  LintIndex index{.name = parts->first, .global = true};
  std::vector<absl::string_view> keys = absl::StrSplit(parts->second, ',');
  if (keys.size() > 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "an index is NAME=PK[,SK] (join the attributes of a multi-attribute "
        "key with '+'): \"",
        flag, "\""));
  }
  absl::StatusOr<std::vector<KeyAttribute>> pk = ParseKeyList(keys[0], flag);
  if (!pk.ok()) return pk.status();
  index.partition_keys = *std::move(pk);
  if (keys.size() == 2) {
    absl::StatusOr<std::vector<KeyAttribute>> sk = ParseKeyList(keys[1], flag);
    if (!sk.ok()) return sk.status();
    index.sort_keys = *std::move(sk);
  }
  return index;
}

absl::StatusOr<LintIndex> ParseLsiFlag(absl::string_view flag,
                                       const KeySchema& key_schema) {
  absl::StatusOr<std::pair<std::string, absl::string_view>> parts =
      SplitIndexFlag(flag, "NAME=SK");
  if (!parts.ok()) return parts.status();
  if (parts->second.find_first_of(",+") != absl::string_view::npos) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a local secondary index has one sort key attribute: \"", flag, "\""));
  }
  absl::StatusOr<KeyAttribute> sk = ParseKeyAttributeFlag(parts->second);
  if (!sk.ok()) return sk.status();
  return LintIndex{.name = parts->first,
                   .global = false,
                   .partition_keys = {key_schema.partition_key},
                   .sort_keys = {*std::move(sk)}};
}

absl::StatusOr<LintTable> ReadLintFile(std::istream& in,
                                       const LintFileOptions& options) {
  LintTable table{
      .name = options.table,
      .key_schema = options.key_schema,
      .has_local_secondary_index = options.has_local_secondary_index,
      .indexes = options.indexes};
  std::string line;
  int64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (absl::StripAsciiWhitespace(line).empty()) continue;
    absl::StatusOr<ExportedItem> item = DecodeExportLine(line);
    if (!item.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line ", number, ": ",
          item.status().message().empty() ? "not an item in DynamoDB JSON"
                                          : item.status().message()));
    }
    LintItem lint_item{.item = std::move(item->item)};
    for (ExportedNumber& n : item->imprecise_numbers) {
      lint_item.imprecise_numbers.push_back(
          ImpreciseNumber{std::move(n.attribute_path), std::move(n.text)});
    }
    table.items.push_back(std::move(lint_item));
  }
  if (in.bad()) return absl::InternalError("error reading the items");
  return table;
}

}  // namespace dynamite
