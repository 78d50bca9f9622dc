// The client side of DynamoDB's JSON protocol, for tools that read a
// running endpoint (`dynamite lint --endpoint`): request bodies for
// ListTables, DescribeTable and Scan, and decoders of their answers.
//
// Decoders take the answer's HTTP status and body. An error answer
// ({"__type": "...#ResourceNotFoundException", "message": "..."}) becomes
// a kUnavailable status carrying the type's short name and the message;
// a body that is not the expected shape is kInternal.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_CLIENT_JSON_H_
#define DYNAMITE_WIRE_CLIENT_JSON_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/item.h"
#include "store/key.h"

namespace dynamite {

std::string ListTablesRequestBody(
    const std::optional<std::string>& exclusive_start_table_name);
std::string DescribeTableRequestBody(absl::string_view table_name);
std::string ScanRequestBody(absl::string_view table_name,
                            const std::optional<Item>& exclusive_start_key);

struct TableNamesPage {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};
absl::StatusOr<TableNamesPage> DecodeListTablesAnswer(int http_status,
                                                      absl::string_view body);

struct DescribedKeys {
  KeySchema key_schema;
  bool has_local_secondary_index = false;
};
absl::StatusOr<DescribedKeys> DecodeDescribeTableAnswer(int http_status,
                                                        absl::string_view body);

struct ScanPage {
  std::vector<Item> items;
  std::optional<Item> last_evaluated_key;
};
absl::StatusOr<ScanPage> DecodeScanAnswer(int http_status,
                                          absl::string_view body);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_CLIENT_JSON_H_
