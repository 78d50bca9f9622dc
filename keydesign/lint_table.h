// LintTable: what `dynamite lint` analyses — one table's name, key schema,
// secondary indexes and items, however they were read (an S3-export file,
// a `dynamite exec` script, a running `dynamite serve`).
//
// The analysis never looks at where the items came from. The one thing a
// reader must carry beyond the items is the text of numbers DynamoDB would
// refuse for having more than 38 significant digits: such a number cannot
// live in an Item (store/number.h holds at most 38 digits), so the reader
// stores it truncated and records the original here.
//
// Thread safety: plain structs.

#ifndef DYNAMITE_KEYDESIGN_LINT_TABLE_H_
#define DYNAMITE_KEYDESIGN_LINT_TABLE_H_

#include <string>
#include <vector>

#include "store/item.h"
#include "store/key.h"

namespace dynamite {

// A number with more than 38 significant digits, as written in the input.
struct ImpreciseNumber {
  std::string attribute_path;  // "price", "stats.total", "ids[2]"
  std::string text;            // the original digits
};

struct LintItem {
  Item item;
  std::vector<ImpreciseNumber> imprecise_numbers;
};

// A secondary index of the table: its name, kind and key attributes. An
// LSI has the table's partition key and one sort key; a GSI one to four
// partition key attributes and zero to four sort key attributes
// (multi-attribute keys), each typed by the table's AttributeDefinitions.
// The linter judges the index's order as the index holds it: the items
// that have every key attribute (sparse indexes), grouped by the partition
// key values.
struct LintIndex {
  std::string name;
  bool global = true;  // false: a local secondary index
  std::vector<KeyAttribute> partition_keys;
  std::vector<KeyAttribute> sort_keys;

  friend bool operator==(const LintIndex&, const LintIndex&) = default;
};

struct LintTable {
  std::string name;
  KeySchema key_schema;
  // With a local secondary index, an item collection may not grow past
  // 10 GB (DynamoDB: "Item collection size limit"). Also true when
  // `indexes` holds an LSI; a reader may know of an LSI without its keys
  // (`dynamite lint --lsi FILE`).
  bool has_local_secondary_index = false;
  std::vector<LintIndex> indexes;
  std::vector<LintItem> items;
};

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_TABLE_H_
