// Reads a LintTable from a file of items in DynamoDB JSON, one per line in
// the shape of DynamoDB's export to S3 ({"Item": {...}}; wire/
// export_json.h). A file carries no key schema, so the caller names the
// table and its keys (`dynamite lint --table T --pk NAME --sk NAME FILE`),
// and its secondary indexes' keys (`--gsi NAME=PK,SK`, `--lsi-index
// NAME=SK`).
//
// Thread safety: pure functions (ReadLintFile reads only its stream).

#ifndef DYNAMITE_KEYDESIGN_LINT_FILE_READER_H_
#define DYNAMITE_KEYDESIGN_LINT_FILE_READER_H_

#include <istream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "keydesign/lint_table.h"
#include "store/key.h"

namespace dynamite {

struct LintFileOptions {
  std::string table;
  KeySchema key_schema;
  bool has_local_secondary_index = false;
  std::vector<LintIndex> indexes;
};

// Parses a key flag's value: "NAME" (type S) or "NAME:S", "NAME:N",
// "NAME:B". Returns kInvalidArgument for an empty name or another type.
absl::StatusOr<KeyAttribute> ParseKeyAttributeFlag(absl::string_view flag);

// Parses a --gsi flag's value: "NAME=PK[,SK]", each key one attribute as
// ParseKeyAttributeFlag takes it, or up to four joined by '+' (a
// multi-attribute key): "ByTenant=tenant+region,year:N+month:N".
// Returns kInvalidArgument naming the problem.
absl::StatusOr<LintIndex> ParseGsiFlag(absl::string_view flag);

// Parses an --lsi-index flag's value, "NAME=SK", for a table of
// `key_schema` (an LSI has the table's partition key).
absl::StatusOr<LintIndex> ParseLsiFlag(absl::string_view flag,
                                       const KeySchema& key_schema);

// Reads every non-blank line of `in` as one item. Returns kInvalidArgument
// "line N: <problem>" for the first line that is not an item DynamoDB
// would accept (except for numbers of more than 38 digits, which are kept
// for the number-precision rule), and kInternal if reading fails.
absl::StatusOr<LintTable> ReadLintFile(std::istream& in,
                                       const LintFileOptions& options);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_FILE_READER_H_
