#include "wire/dispatch.h"

#include <string>
#include <utility>

#include "absl/status/statusor.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "wire/error_body.h"
#include "wire/item_json.h"
#include "wire/json.h"
#include "wire/query_json.h"
#include "wire/scan_json.h"
#include "wire/table_json.h"

namespace dynamite {
namespace {

// Decodes a request body, runs it, and encodes the response.
using Handler = absl::StatusOr<std::string> (*)(Database& db,
                                                const JsonValue& body);

template <auto kDecode, auto kMethod, auto kEncode>
absl::StatusOr<std::string> Run(Database& db, const JsonValue& body) {
  DYNAMITE_ASSIGN_OR_RETURN(auto request, kDecode(body));
  DYNAMITE_ASSIGN_OR_RETURN(auto response, (db.*kMethod)(request));
  return kEncode(response);
}

struct Operation {
  absl::string_view name;
  Handler handler;
};

// Every operation Dynamite answers. A new operation is one more row.
constexpr Operation kOperations[] = {
    {"CreateTable", &Run<&DecodeCreateTableRequest, &Database::CreateTable,
                         &EncodeCreateTableResponse>},
    {"DescribeTable",
     &Run<&DecodeDescribeTableRequest, &Database::DescribeTable,
          &EncodeDescribeTableResponse>},
    {"ListTables", &Run<&DecodeListTablesRequest, &Database::ListTables,
                        &EncodeListTablesResponse>},
    {"DeleteTable", &Run<&DecodeDeleteTableRequest, &Database::DeleteTable,
                         &EncodeDeleteTableResponse>},
    {"PutItem",
     &Run<&DecodePutItemRequest, &Database::PutItem, &EncodePutItemResponse>},
    {"GetItem",
     &Run<&DecodeGetItemRequest, &Database::GetItem, &EncodeGetItemResponse>},
    {"DeleteItem", &Run<&DecodeDeleteItemRequest, &Database::DeleteItem,
                        &EncodeDeleteItemResponse>},
    {"Query", &Run<&DecodeQueryRequest, &Database::Query, &EncodeItemPage>},
    {"Scan", &Run<&DecodeScanRequest, &Database::Scan, &EncodeItemPage>},
};

Handler FindHandler(absl::string_view operation) {
  for (const Operation& op : kOperations) {
    if (op.name == operation) return op.handler;
  }
  return nullptr;
}

}  // namespace

WireResponse Dispatch(Database& db, absl::string_view operation,
                      absl::string_view body) {
  JsonDocument doc;
  bool parsed = !body.empty() && ParseJson(body, doc);
  if (!body.empty() && !parsed) return ErrorResponse(SerializationError(""));
  Handler handler = FindHandler(operation);
  if (handler == nullptr) return ErrorResponse(UnknownOperationError(""));
  if (!parsed || !doc.IsObject()) {
    return ErrorResponse(SerializationError(""));
  }
  absl::StatusOr<std::string> response = handler(db, doc);
  if (!response.ok()) return ErrorResponse(response.status());
  return WireResponse{200, *std::move(response)};
}

}  // namespace dynamite
