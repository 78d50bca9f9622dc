// Reads LintTables from a running DynamoDB-compatible endpoint on this
// machine (`dynamite serve`, DynamoDB Local): ListTables page by page,
// DescribeTable for each key schema, and a full Scan with
// ExclusiveStartKey pagination. The secondary indexes' keys come from the
// same DescribeTable (lint_index_json.h). Requests go through
// client/wire_client.h, which accepts loopback endpoints only and sends
// unverified dummy signatures, so a `dynamite serve --auth` endpoint
// refuses them.
//
// Numbers arrive as the endpoint stored them; an endpoint that behaves as
// DynamoDB never holds one of more than 38 digits, so number-precision
// never fires on tables read this way.
//
// Thread safety: self-contained; concurrent calls share nothing.

#ifndef DYNAMITE_KEYDESIGN_LINT_ENDPOINT_READER_H_
#define DYNAMITE_KEYDESIGN_LINT_ENDPOINT_READER_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "keydesign/lint_table.h"

namespace dynamite {

// Every table at `url` ("http://127.0.0.1:8000"), or only `table` when
// given. Returns ParseLoopbackEndpoint's errors for a bad url,
// kUnavailable when the endpoint cannot be reached or answers an error
// (the DynamoDB error type and message), kInternal for an answer that is
// not DynamoDB's shape.
absl::StatusOr<std::vector<LintTable>> ReadLintEndpoint(
    absl::string_view url, const std::optional<std::string>& table);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_ENDPOINT_READER_H_
