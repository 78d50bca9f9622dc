// Items of DynamoDB's export to S3 in DynamoDB JSON: one item per line,
//
//   {"Item": {"pk": {"S": "a"}, "price": {"N": "12.5"}, ...}}
//
// (a bare attribute map, without the "Item" wrapper, is accepted too).
// For `dynamite lint`, which reads such files, and `dynamite import`
// (transfer/table_import.h), which writes them; `dynamite export` writes
// them.
//
// A file may hold numbers DynamoDB would refuse for having more than 38
// significant digits (data prepared for import, exports of other stores).
// An Item cannot hold one (store/number.h), so the decoder keeps the
// number truncated to its first 38 significant digits and reports the
// original text beside the item, for the linter's number-precision rule.
// Any other problem DynamoDB would reject is an error for the line.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_EXPORT_JSON_H_
#define DYNAMITE_WIRE_EXPORT_JSON_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/item.h"
#include "store/packed_item.h"

namespace dynamite {

struct ExportedNumber {
  std::string attribute_path;  // "price", "stats.total", "ids[2]"
  std::string text;            // as written in the file
};

struct ExportedItem {
  Item item;
  // Numbers of more than 38 significant digits, stored truncated in `item`.
  std::vector<ExportedNumber> imprecise_numbers;
};

// Decodes one line. Returns the decoding error (kSerialization for JSON
// that is malformed or not an item, kValidation for values DynamoDB
// rejects) otherwise.
absl::StatusOr<ExportedItem> DecodeExportLine(absl::string_view line);

// One line of an export, as DynamoDB writes it: {"Item":{...}}, compact,
// followed by a newline. Attributes in the packed item's order, so the
// same item always gives the same bytes.
void AppendExportLine(const PackedItem& item, std::string& out);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_EXPORT_JSON_H_
