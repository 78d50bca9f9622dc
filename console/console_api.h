// The console's helper endpoints under /console/api: what the page needs
// that DynamoDB's own API does not answer. Each is read-only, takes a POST
// with a JSON body and answers JSON; a bad request answers a DynamoDB error
// body (ValidationException, ResourceNotFoundException) with its status.
//
//   /console/api/expression  {"TableName", "IndexName"?,
//       "PartitionValue" (or "PartitionValues": one per attribute of a
//       multi-attribute key, in key order), "SortKeyEqualities"?: [values of
//       the first sort-key attributes, held equal],
//       "SortKeyCondition"?: {"Operator": "=" | "<" | "<=" | ">" | ">=" |
//       "BETWEEN" | "begins_with", "Values": [AttributeValue...]} on the
//       sort-key attribute after those}
//     -> the key-design expression builder's request fragment
//        (keydesign/expression_json.h): TableName, KeyConditionExpression,
//        ExpressionAttributeNames (reserved words escaped) and
//        ExpressionAttributeValues, the key names read from the table's or
//        the index's key schema.
//   /console/api/lint        {"TableName"}
//     -> the table's `dynamite lint` report (keydesign/lint_report.h JSON).
//   /console/api/partitions  {"TableName"}
//     -> {"ItemCount", "SizeBytes", "Partitions": [{"Key", "ItemCount",
//        "SizeBytes"}...]}: every partition key's items and bytes, the
//        largest first (at most kMaxListedPartitions of them).
//
// Thread safety: as thread-safe as the Database.

#ifndef DYNAMITE_CONSOLE_CONSOLE_API_H_
#define DYNAMITE_CONSOLE_CONSOLE_API_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

#include "api/database.h"

namespace dynamite {

inline constexpr size_t kMaxListedPartitions = 100;

struct ConsoleAnswer {
  int http_status = 200;
  std::string body;  // JSON
};

// Answers the helper endpoint `endpoint` (the path after /console/api/),
// or 404 with an UnknownOperationException body when there is none.
ConsoleAnswer AnswerConsoleApi(Database& db, absl::string_view endpoint,
                               absl::string_view body);

}  // namespace dynamite

#endif  // DYNAMITE_CONSOLE_CONSOLE_API_H_
