#include "keydesign/lint_collections.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "keydesign/lint_patterns.h"

namespace dynamite {
std::optional<std::string> KeyValueText(const Item& item,
                                        const KeyAttribute& key) {
  auto it = item.find(key.name);
  if (it == item.end()) return std::nullopt;
  const AttributeValue& value = it->second;
  switch (key.type) {
    case KeyType::kS:
      if (value.type() != ValueType::kS) return std::nullopt;
      return value.s();
    case KeyType::kN:
      if (value.type() != ValueType::kN) return std::nullopt;
      return value.n().ToString();
    case KeyType::kB:
      if (value.type() != ValueType::kB) return std::nullopt;
      return absl::Base64Escape(value.b());
  }
  return std::nullopt;
}

LintCollections GroupCollections(const LintTable& table) {
  LintCollections result;
  result.table = table.name;
  const KeySchema& schema = table.key_schema;
  if (schema.has_sort_key()) result.sort_key_name = schema.sort_key->name;
  const bool s_sort_key =
      schema.has_sort_key() && schema.sort_key->type == KeyType::kS;
  absl::flat_hash_map<std::string, LintCollection> by_key;
  for (const LintItem& lint_item : table.items) {
    const Item& item = lint_item.item;
    std::optional<std::string> partition_key =
        KeyValueText(item, schema.partition_key);
    std::optional<std::string> sort_key;
    if (schema.has_sort_key()) sort_key = KeyValueText(item, *schema.sort_key);
    if (!partition_key.has_value() ||
        (schema.has_sort_key() && !sort_key.has_value())) {
      ++result.items_without_key;
      continue;
    }
    LintCollection& collection = by_key[*partition_key];
    const int64_t size = ItemSize(item);
    ++collection.item_count;
    collection.size_bytes += size;
    ++result.item_count;
    result.size_bytes += size;
    if (s_sort_key) collection.sort_keys.push_back(*std::move(sort_key));
  }
  for (auto& [key, collection] : by_key) {
    collection.partition_key = key;
    // std::string compares as unsigned bytes (char_traits<char>::lt), as
    // DynamoDB orders S sort keys.
    std::sort(collection.sort_keys.begin(), collection.sort_keys.end());
    result.collections.push_back(std::move(collection));
  }
  std::sort(result.collections.begin(), result.collections.end(),
            [](const LintCollection& a, const LintCollection& b) {
              return a.partition_key < b.partition_key;
            });
  return result;
}

std::vector<SegmentColumn> SegmentColumns(const LintCollections& table,
                                          const LintCollection& collection) {
  std::map<std::pair<std::string, size_t>, SegmentColumn> columns;
  bool any_separator = false;
  for (const std::string& key : collection.sort_keys) {
    std::vector<absl::string_view> segments = SplitSortKey(key);
    if (segments.size() > 1) any_separator = true;
    std::string shape;
    for (size_t i = 0; i < segments.size(); ++i) {
      SegmentColumn& column = columns[{shape, i}];
      column.values.push_back(segments[i]);
      column.keys.push_back(&key);
      absl::StrAppend(&shape, i == 0 ? "" : "#",
                      IsLabelSegment(segments[i]) ? segments[i] : "*");
    }
  }
  std::vector<SegmentColumn> result;
  for (auto& [position, column] : columns) {
    const auto& [shape, index] = position;
    column.index = index;
    column.is_leading = shape.find('*') == std::string::npos;
    if (!any_separator) {
      column.description = absl::StrCat(table.sort_key_name, " (whole key)");
    } else if (index == 0) {
      column.description = absl::StrCat("segment 0 of ", table.sort_key_name);
    } else {
      column.description =
          absl::StrCat("segment ", index, " of ", table.sort_key_name,
                       " (after \"", shape, "#\")");
    }
    result.push_back(std::move(column));
  }
  return result;
}

void FindingBuilder::Add(const std::string& collection,
                         const std::vector<std::string>& examples) {
  ++count_;
  if (collections_.size() < kMaxListedCollections) {
    collections_.push_back(collection);
  }
  for (const std::string& example : examples) {
    if (examples_.size() >= kMaxListedExamples) break;
    examples_.push_back(example);
  }
}

LintFinding FindingBuilder::Build(LintSeverity severity, absl::string_view rule,
                                  absl::string_view table, std::string message,
                                  std::string fix) const {
  return LintFinding{.severity = severity,
                     .rule = std::string(rule),
                     .table = std::string(table),
                     .collections = collections_,
                     .collection_count = count_,
                     .message = std::move(message),
                     .examples = examples_,
                     .fix = std::move(fix)};
}

std::string Quoted(absl::string_view text) {
  return absl::StrCat("\"", text, "\"");
}

}  // namespace dynamite
