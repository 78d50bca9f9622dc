// The secondary indexes of a DescribeTable answer, as the linter needs them
// (lint_table.h's LintIndex): each index's name, kind and key attributes,
// typed by the table's AttributeDefinitions. wire/client_json.h decodes the
// table's own key schema from the same body; `dynamite lint --endpoint`
// (lint_endpoint_reader.h) reads both.
//
// Thread safety: a pure function.

#ifndef DYNAMITE_KEYDESIGN_LINT_INDEX_JSON_H_
#define DYNAMITE_KEYDESIGN_LINT_INDEX_JSON_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "keydesign/lint_table.h"

namespace dynamite {

// The LocalSecondaryIndexes, then the GlobalSecondaryIndexes, of `body`, a
// successful DescribeTable answer ({"Table": {...}}); none when it has
// neither. Returns kInternal for a body that is not DescribeTable's shape
// (no Table, an index without IndexName or KeySchema).
absl::StatusOr<std::vector<LintIndex>> DecodeDescribedIndexes(
    absl::string_view body);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_INDEX_JSON_H_
