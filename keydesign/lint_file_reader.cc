#include "keydesign/lint_file_reader.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

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

absl::StatusOr<LintTable> ReadLintFile(std::istream& in,
                                       const LintFileOptions& options) {
  LintTable table{
      .name = options.table,
      .key_schema = options.key_schema,
      .has_local_secondary_index = options.has_local_secondary_index};
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
