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

LintKeyView TableKeyView(const KeySchema& schema) {
  return LintKeyView{.group_by = {schema.partition_key},
                     .sort_key = schema.sort_key};
}

std::vector<LintKeyView> IndexKeyViews(const LintIndex& index) {
  std::vector<KeyAttribute> keys = index.partition_keys;
  keys.insert(keys.end(), index.sort_keys.begin(), index.sort_keys.end());
  if (index.sort_keys.empty()) {
    return {LintKeyView{.index = index.name,
                        .group_by = index.partition_keys,
                        .index_keys = keys}};
  }
  std::vector<LintKeyView> views;
  std::vector<KeyAttribute> group_by = index.partition_keys;
  for (const KeyAttribute& sort_key : index.sort_keys) {
    views.push_back(LintKeyView{.index = index.name,
                                .group_by = group_by,
                                .sort_key = sort_key,
                                .index_keys = keys});
    group_by.push_back(sort_key);
  }
  return views;
}

LintCollections GroupCollections(const LintTable& table) {
  return GroupCollections(table, TableKeyView(table.key_schema));
}

namespace {

// For an index view: false if `item` is not in the index (it lacks a key
// attribute); true if it is, or if it holds a key attribute in the wrong
// type, which *wrong_type then says.
bool InIndex(const Item& item, const LintKeyView& view, bool* wrong_type) {
  *wrong_type = false;
  for (const KeyAttribute& key : view.index_keys) {
    if (!item.contains(key.name)) return false;
  }
  for (const KeyAttribute& key : view.index_keys) {
    if (!KeyValueText(item, key).has_value()) *wrong_type = true;
  }
  return true;
}

}  // namespace

LintCollections GroupCollections(const LintTable& table,
                                 const LintKeyView& view) {
  LintCollections result;
  result.table = table.name;
  result.index = view.index;
  if (view.sort_key.has_value()) result.sort_key_name = view.sort_key->name;
  const bool s_sort_key =
      view.sort_key.has_value() && view.sort_key->type == KeyType::kS;
  const bool is_index = !view.index.empty();
  absl::flat_hash_map<std::string, LintCollection> by_key;
  for (const LintItem& lint_item : table.items) {
    const Item& item = lint_item.item;
    if (is_index) {
      bool wrong_type = false;
      if (!InIndex(item, view, &wrong_type)) continue;
      if (wrong_type) {
        ++result.items_without_key;
        continue;
      }
    }
    std::optional<std::string> partition_key;
    for (const KeyAttribute& key : view.group_by) {
      std::optional<std::string> value = KeyValueText(item, key);
      if (!value.has_value()) {
        partition_key.reset();
        break;
      }
      partition_key = partition_key.has_value()
                          ? absl::StrCat(*partition_key, " | ", *value)
                          : *std::move(value);
    }
    std::optional<std::string> sort_key;
    if (view.sort_key.has_value()) {
      sort_key = KeyValueText(item, *view.sort_key);
    }
    if (!partition_key.has_value() ||
        (view.sort_key.has_value() && !sort_key.has_value())) {
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
