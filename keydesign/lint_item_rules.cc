// number-precision and missing-key: problems of single items.
//
// number-precision: DynamoDB refuses a number of more than 38 significant
// digits (ValidationException "Attempting to store more than 38
// significant digits in a Number"), and an SDK that converts through a
// double keeps only 15-17. Such numbers can therefore only be met in
// files (exports, data prepared for import); tables read from `dynamite
// exec` or `dynamite serve` never hold one. Readers record them as
// ImpreciseNumber (lint_table.h).
//
// missing-key: items of a file that lack the key attributes given on the
// command line, or hold them in another type; they could not be written.
//
// index-key-type: items holding a key attribute of a secondary index in
// another type than the index's (an item lacking one is simply not in the
// index); DynamoDB refuses such a write ("Type mismatch for Index Key").

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "keydesign/lint_rules.h"

namespace dynamite {

std::vector<LintFinding> CheckItems(const LintCollections& table,
                                    const LintTable& source) {
  std::vector<LintFinding> findings;
  FindingBuilder imprecise;
  int64_t numbers = 0;
  for (const LintItem& item : source.items) {
    if (item.imprecise_numbers.empty()) continue;
    std::string collection =
        KeyValueText(item.item, source.key_schema.partition_key)
            .value_or("(no partition key)");
    std::vector<std::string> examples;
    for (const ImpreciseNumber& n : item.imprecise_numbers) {
      ++numbers;
      examples.push_back(
          absl::StrCat(collection, ": ", n.attribute_path, " = ", n.text));
    }
    imprecise.Add(collection, examples);
  }
  if (!imprecise.empty()) {
    findings.push_back(imprecise.Build(
        LintSeverity::kError, "number-precision", table.table,
        absl::StrCat(numbers,
                     " N values have more than 38 significant digits: "
                     "DynamoDB refuses them, and a client going through a "
                     "double silently keeps about 16"),
        "store such values as S (zero-padded to a fixed width if they are "
        "keys), or scale them to 38 digits or fewer"));
  }
  if (table.items_without_key > 0) {
    const KeySchema& schema = source.key_schema;
    findings.push_back(LintFinding{
        .severity = LintSeverity::kError,
        .rule = "missing-key",
        .table = table.table,
        .message = absl::StrCat(
            table.items_without_key, " items lack the key attributes (",
            schema.partition_key.name,
            schema.has_sort_key() ? absl::StrCat(", ", schema.sort_key->name)
                                  : "",
            ") or hold them in another type; DynamoDB would refuse them"),
        .fix = "check the key schema given to dynamite lint (--pk, --sk and "
               "their types), or add the keys to those items"});
  }
  return findings;
}

std::vector<LintFinding> CheckIndexKeys(const LintCollections& grouped,
                                        const LintIndex& index) {
  if (grouped.items_without_key == 0) return {};
  std::vector<std::string> keys;
  for (const auto* list : {&index.partition_keys, &index.sort_keys}) {
    for (const KeyAttribute& key : *list) {
      keys.push_back(absl::StrCat(key.name, " (", KeyTypeName(key.type), ")"));
    }
  }
  return {LintFinding{
      .severity = LintSeverity::kError,
      .rule = "index-key-type",
      .table = grouped.table,
      .index = index.name,
      .message = absl::StrCat(
          grouped.items_without_key, " items hold a key attribute of ",
          index.global ? "global" : "local", " secondary index ", index.name,
          " (", absl::StrJoin(keys, ", "),
          ") in another type; DynamoDB refuses such writes (\"Type mismatch "
          "for Index Key\")"),
      .fix = "write the index key attributes in the index's types, or give "
             "the item no such attribute to leave it out of the index"}};
}

}  // namespace dynamite
