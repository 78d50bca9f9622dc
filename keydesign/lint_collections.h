// The views of a LintTable every lint rule works on: items grouped into
// item collections (one per partition key value), the S sort keys of each
// collection in DynamoDB's order, and "segment columns" — the values found
// at one '#'-separated position of those sort keys.
//
// The grouping follows a LintKeyView: the table's primary key, or one order
// of a secondary index (lint_table.h's LintIndex), so that every rule
// judges an index's keys exactly as it judges the table's.
//
// A column groups segments by position and by the label segments before
// it ("EVT#<ts>#<seq>": the <seq> column is segment 2 after "EVT#*#"), so
// the different item types of a single-table design are judged apart.
//
// Thread safety: plain structs and pure functions; a LintCollections
// holds no pointer into the LintTable it was built from.

#ifndef DYNAMITE_KEYDESIGN_LINT_COLLECTIONS_H_
#define DYNAMITE_KEYDESIGN_LINT_COLLECTIONS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "keydesign/lint_finding.h"
#include "keydesign/lint_table.h"

namespace dynamite {

// The key one grouping follows. `group_by` names the attributes whose
// values make an item collection: the table's or index's partition key
// (one attribute, or up to four of a multi-attribute GSI key) and, for the
// second and later sort key attributes of a multi-attribute key, the
// earlier sort key attributes too, since an attribute orders items only
// among equal earlier ones. `sort_key` is the attribute in order.
struct LintKeyView {
  std::string index;  // the secondary index's name; empty: the table
  std::vector<KeyAttribute> group_by;
  std::optional<KeyAttribute> sort_key;
  // Index views only: every key attribute of the index. An item lacking one
  // is not in the index (a sparse index); an item holding one in another
  // type could not have been written.
  std::vector<KeyAttribute> index_keys;
};

// The table's primary key as a view.
LintKeyView TableKeyView(const KeySchema& schema);

// The views of `index`: one per sort key attribute (the first grouped by
// the partition key), or one without a sort key. The first view's
// collections are the index's partitions.
std::vector<LintKeyView> IndexKeyViews(const LintIndex& index);

struct LintCollection {
  std::string partition_key;  // the value as text (B: base64)
  int64_t item_count = 0;
  int64_t size_bytes = 0;  // DynamoDB's item sizes, summed
  // The S sort keys, in DynamoDB's order (bytes); empty when the table has
  // no sort key or an N or B one.
  std::vector<std::string> sort_keys;
};

struct LintCollections {
  std::string table;
  std::string index;                        // LintKeyView::index
  std::string sort_key_name;                // empty without a sort key
  std::vector<LintCollection> collections;  // in partition key text order
  int64_t item_count = 0;                   // for an index: the items it holds
  int64_t size_bytes = 0;
  // The table: items without the key attributes, or with a key of the
  // wrong type. An index: items with an index key attribute of the wrong
  // type (items lacking one are simply not in the index).
  int64_t items_without_key = 0;
};

// Groups by the table's primary key.
LintCollections GroupCollections(const LintTable& table);
// Groups by `view`. A collection's partition_key is the text of its
// group_by values, joined by " | " when there are several.
LintCollections GroupCollections(const LintTable& table,
                                 const LintKeyView& view);

// The key attribute `key` of `item` as text (B: base64), or nullopt if the
// item lacks it or holds another type.
std::optional<std::string> KeyValueText(const Item& item,
                                        const KeyAttribute& key);

// The values at one segment position of one collection's sort keys.
struct SegmentColumn {
  std::string description;  // `segment 2 of SK (after "EVT#*#")`
  size_t index = 0;         // the segment's position in the key
  // True when every segment before this one is a label: the column decides
  // the collection's order (no varying segment comes first).
  bool is_leading = false;
  std::vector<absl::string_view> values;  // in sort key order
  std::vector<const std::string*> keys;   // the whole sort key of each
};

// The columns of `collection`, in a stable order. Views point into
// `collection`, which must outlive them.
std::vector<SegmentColumn> SegmentColumns(const LintCollections& table,
                                          const LintCollection& collection);

// Collects the collections and examples of one finding across a table.
class FindingBuilder {
 public:
  // Records that `collection` shows the problem, with its examples (kept
  // while fewer than kMaxListedExamples are held).
  void Add(const std::string& collection,
           const std::vector<std::string>& examples);
  bool empty() const { return count_ == 0; }

  LintFinding Build(LintSeverity severity, absl::string_view rule,
                    absl::string_view table, std::string message,
                    std::string fix) const;

 private:
  std::vector<std::string> collections_;
  std::vector<std::string> examples_;
  int64_t count_ = 0;
};

// FindingBuilders keyed by column description, so that one rule yields one
// finding per column and table, in description order.
using FindingsByColumn = std::map<std::string, FindingBuilder>;

// Quotes a key for messages: "9#p_3" with '"' around it.
std::string Quoted(absl::string_view text);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_COLLECTIONS_H_
