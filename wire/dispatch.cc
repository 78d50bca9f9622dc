#include "wire/dispatch.h"

#include <cstddef>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

#include "api/write_result.h"
#include "common/errors.h"
#include "store/item.h"
#include "store/item_ptr.h"
#include "wire/backup_json.h"
#include "wire/batch_json.h"
#include "wire/control_plane_json.h"
#include "wire/dynamite_control_json.h"
#include "wire/error_body.h"
#include "wire/item_json.h"
#include "wire/json.h"
#include "wire/query_json.h"
#include "wire/scan_json.h"
#include "wire/stream_json.h"
#include "wire/table_json.h"
#include "wire/tag_json.h"
#include "wire/transact_json.h"
#include "wire/ttl_json.h"

namespace dynamite {
namespace {

// The stack buffer a request's JSON tree starts in. A tree takes about
// twice its JSON's bytes (a top10 Query's 137 bytes take 272, a filtered
// audit-log Query's 359 take 800), so GetItem, Query and most writes fit;
// a BatchWriteItem of 25 items goes on in malloc'd blocks.
constexpr size_t kRequestPoolBytes = 8 * 1024;

// Decodes a request body, runs it, and encodes the response or the error.
using Handler = WireResponse (*)(Database& db, const JsonValue& body);

// The error body of a failed result: a write's failed condition may carry
// the item (api/write_result.h), a cancelled transaction its reasons
// (api/transact_requests.h); other results carry nothing more.
template <typename T>
WireResponse ErrorFor(const absl::StatusOr<T>& result) {
  return ErrorResponse(result.status());
}
template <typename T>
WireResponse ErrorFor(const WriteResult<T>& result) {
  return ErrorResponse(result.status(), result.condition_check_item());
}
WireResponse ErrorFor(const TransactWriteResult& result) {
  if (ErrorKindOf(result.status()) == ErrorKind::kTransactionCanceled) {
    return CancellationResponse(result.status(), result.cancellation_reasons());
  }
  return ErrorResponse(result.status());
}

template <auto kDecode, auto kMethod, auto kEncode>
WireResponse Run(Database& db, const JsonValue& body) {
  auto request = kDecode(body);
  if (!request.ok()) return ErrorResponse(request.status());
  // An rvalue: a method that stores what it is given (PutItem takes its
  // request by value) moves it instead of copying.
  auto response = (db.*kMethod)(*std::move(request));
  if (!response.ok()) return ErrorFor(response);
  return WireResponse{200, kEncode(*response)};
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
    {"UpdateTable", &Run<&DecodeUpdateTableRequest, &Database::UpdateTable,
                         &EncodeUpdateTableResponse>},
    {"ListTables", &Run<&DecodeListTablesRequest, &Database::ListTables,
                        &EncodeListTablesResponse>},
    {"DeleteTable", &Run<&DecodeDeleteTableRequest, &Database::DeleteTable,
                         &EncodeDeleteTableResponse>},
    {"PutItem",
     &Run<&DecodePutItemRequest, &Database::PutItem, &EncodePutItemResponse>},
    {"GetItem",
     &Run<&DecodeGetItemRequest, &Database::GetItem, &EncodeGetItemResponse>},
    {"UpdateItem", &Run<&DecodeUpdateItemRequest, &Database::UpdateItem,
                        &EncodeUpdateItemResponse>},
    {"DeleteItem", &Run<&DecodeDeleteItemRequest, &Database::DeleteItem,
                        &EncodeDeleteItemResponse>},
    {"BatchWriteItem",
     &Run<&DecodeBatchWriteItemRequest, &Database::BatchWriteItem,
          &EncodeBatchWriteItemResponse>},
    {"BatchGetItem", &Run<&DecodeBatchGetItemRequest, &Database::BatchGetItem,
                          &EncodeBatchGetItemResponse>},
    {"TransactWriteItems",
     &Run<&DecodeTransactWriteItemsRequest, &Database::TransactWriteItems,
          &EncodeTransactWriteItemsResponse>},
    {"TransactGetItems",
     &Run<&DecodeTransactGetItemsRequest, &Database::TransactGetItems,
          &EncodeTransactGetItemsResponse>},
    {"Query", &Run<&DecodeQueryRequest, &Database::Query, &EncodeItemPage>},
    {"Scan", &Run<&DecodeScanRequest, &Database::Scan, &EncodeItemPage>},
    {"CreateBackup", &Run<&DecodeCreateBackupRequest, &Database::CreateBackup,
                          &EncodeCreateBackupResponse>},
    {"DescribeBackup",
     &Run<&DecodeDescribeBackupRequest, &Database::DescribeBackup,
          &EncodeDescribeBackupResponse>},
    {"ListBackups", &Run<&DecodeListBackupsRequest, &Database::ListBackups,
                         &EncodeListBackupsResponse>},
    {"DeleteBackup", &Run<&DecodeDeleteBackupRequest, &Database::DeleteBackup,
                          &EncodeDeleteBackupResponse>},
    {"RestoreTableFromBackup", &Run<&DecodeRestoreTableFromBackupRequest,
                                    &Database::RestoreTableFromBackup,
                                    &EncodeRestoreTableFromBackupResponse>},
    {"TagResource", &Run<&DecodeTagResourceRequest, &Database::TagResource,
                         &EncodeTagResourceResponse>},
    {"UntagResource",
     &Run<&DecodeUntagResourceRequest, &Database::UntagResource,
          &EncodeUntagResourceResponse>},
    {"ListTagsOfResource",
     &Run<&DecodeListTagsOfResourceRequest, &Database::ListTagsOfResource,
          &EncodeListTagsOfResourceResponse>},
    {"UpdateTimeToLive",
     &Run<&DecodeUpdateTimeToLiveRequest, &Database::UpdateTimeToLive,
          &EncodeUpdateTimeToLiveResponse>},
    {"DescribeTimeToLive",
     &Run<&DecodeDescribeTimeToLiveRequest, &Database::DescribeTimeToLive,
          &EncodeDescribeTimeToLiveResponse>},
    {"DescribeLimits",
     &Run<&DecodeDescribeLimitsRequest, &Database::DescribeLimits,
          &EncodeDescribeLimitsResponse>},
    {"DescribeEndpoints",
     &Run<&DecodeDescribeEndpointsRequest, &Database::DescribeEndpoints,
          &EncodeDescribeEndpointsResponse>},
    {"DescribeContinuousBackups",
     &Run<&DecodeDescribeContinuousBackupsRequest,
          &Database::DescribeContinuousBackups,
          &EncodeDescribeContinuousBackupsResponse>},
    {"UpdateContinuousBackups", &Run<&DecodeUpdateContinuousBackupsRequest,
                                     &Database::UpdateContinuousBackups,
                                     &EncodeUpdateContinuousBackupsResponse>},
    {"DescribeContributorInsights",
     &Run<&DecodeDescribeContributorInsightsRequest,
          &Database::DescribeContributorInsights,
          &EncodeDescribeContributorInsightsResponse>},
};

// DynamoDB's operations that Dynamite does not offer yet: answered with a
// ValidationException naming the operation, so that a caller learns what
// is missing instead of reading a bare UnknownOperationException (which
// is kept for names DynamoDB does not have).
constexpr absl::string_view kNotYetOffered[] = {
    "BatchExecuteStatement",
    "CreateGlobalTable",
    "DeleteResourcePolicy",
    "DescribeExport",
    "DescribeGlobalTable",
    "DescribeGlobalTableSettings",
    "DescribeImport",
    "DescribeKinesisStreamingDestination",
    "DescribeTableReplicaAutoScaling",
    "DisableKinesisStreamingDestination",
    "EnableKinesisStreamingDestination",
    "ExecuteStatement",
    "ExecuteTransaction",
    "ExportTableToPointInTime",
    "GetResourcePolicy",
    "ImportTable",
    "ListContributorInsights",
    "ListExports",
    "ListGlobalTables",
    "ListImports",
    "PutResourcePolicy",
    "RestoreTableToPointInTime",
    "UpdateContributorInsights",
    "UpdateGlobalTable",
    "UpdateGlobalTableSettings",
    "UpdateKinesisStreamingDestination",
    "UpdateTableReplicaAutoScaling",
};

bool IsNotYetOffered(WireApi api, absl::string_view operation) {
  if (api != WireApi::kDynamoDB) return false;
  for (absl::string_view name : kNotYetOffered) {
    if (name == operation) return true;
  }
  return false;
}

// The DynamoDB Streams API's operations.
constexpr Operation kStreamsOperations[] = {
    {"ListStreams", &Run<&DecodeListStreamsRequest, &Database::ListStreams,
                         &EncodeListStreamsResponse>},
    {"DescribeStream",
     &Run<&DecodeDescribeStreamRequest, &Database::DescribeStream,
          &EncodeDescribeStreamResponse>},
    {"GetShardIterator",
     &Run<&DecodeGetShardIteratorRequest, &Database::GetShardIterator,
          &EncodeGetShardIteratorResponse>},
    {"GetRecords", &Run<&DecodeGetRecordsRequest, &Database::GetRecords,
                        &EncodeGetRecordsResponse>},
};

// Dynamite's control operations (wire/dynamite_control_json.h).
WireResponse AdvanceClock(Database& db, const JsonValue& body) {
  absl::StatusOr<AdvanceClockRequest> request = DecodeAdvanceClockRequest(body);
  if (!request.ok()) return ErrorResponse(request.status());
  absl::StatusOr<absl::Time> now =
      db.AdvanceClock(absl::Seconds(request->seconds));
  if (!now.ok()) return ErrorResponse(now.status());
  return WireResponse{200, EncodeAdvanceClockResponse({.now = *now})};
}

WireResponse SweepExpiredItems(Database& db, const JsonValue&) {
  return WireResponse{200, EncodeSweepResult(db.SweepExpiredItems())};
}

constexpr Operation kControlOperations[] = {
    {"AdvanceClock", &AdvanceClock},
    {"SweepExpiredItems", &SweepExpiredItems},
    {"CreateCheckpoint",
     &Run<&DecodeCheckpointRequest, &Database::CreateCheckpoint,
          &EncodeCheckpointResponse>},
    {"RestoreCheckpoint",
     &Run<&DecodeCheckpointRequest, &Database::RestoreCheckpoint,
          &EncodeCheckpointResponse>},
    {"DeleteCheckpoint",
     &Run<&DecodeCheckpointRequest, &Database::DeleteCheckpoint,
          &EncodeCheckpointResponse>},
};

template <size_t N>
Handler FindIn(const Operation (&operations)[N], absl::string_view operation) {
  for (const Operation& op : operations) {
    if (op.name == operation) return op.handler;
  }
  return nullptr;
}

Handler FindHandler(WireApi api, absl::string_view operation) {
  switch (api) {
    case WireApi::kDynamoDB:
      return FindIn(kOperations, operation);
    case WireApi::kStreams:
      return FindIn(kStreamsOperations, operation);
    case WireApi::kControl:
      return FindIn(kControlOperations, operation);
  }
  return nullptr;
}

}  // namespace

WireResponse Dispatch(Database& db, absl::string_view operation,
                      absl::string_view body) {
  return Dispatch(db, operation, body, [] { return absl::OkStatus(); });
}

WireApi ApiOfOperation(absl::string_view operation) {
  if (FindIn(kStreamsOperations, operation) != nullptr) {
    return WireApi::kStreams;
  }
  if (FindIn(kControlOperations, operation) != nullptr) {
    return WireApi::kControl;
  }
  return WireApi::kDynamoDB;
}

WireResponse Dispatch(Database& db, absl::string_view operation,
                      absl::string_view body,
                      absl::FunctionRef<absl::Status()> authorize) {
  return Dispatch(db, WireApi::kDynamoDB, operation, body, authorize);
}

WireResponse Dispatch(Database& db, WireApi api, absl::string_view operation,
                      absl::string_view body,
                      absl::FunctionRef<absl::Status()> authorize) {
  // The parsed tree lives in a pool whose first block is this buffer on
  // the stack, so a request of a few hundred bytes allocates nothing for
  // it. Left to itself RapidJSON's pool takes a first 64 KB block from
  // malloc for every document, and glibc answers a block that size from
  // its large-chunk bins and consolidates its free lists when it is freed,
  // on every request: a cost that grew with the heap a load left behind
  // (docs/benchmarks.md). A larger body goes on in malloc'd blocks.
  alignas(std::max_align_t) char pool_buffer[kRequestPoolBytes];
  JsonDocument::AllocatorType pool(pool_buffer, sizeof(pool_buffer));
  JsonDocument doc(&pool);
  bool parsed = !body.empty() && ParseJson(body, doc);
  if (!body.empty() && !parsed) return ErrorResponse(SerializationError(""));
  Handler handler = FindHandler(api, operation);
  const bool not_yet_offered =
      handler == nullptr && IsNotYetOffered(api, operation);
  if (handler == nullptr && !not_yet_offered) {
    return ErrorResponse(UnknownOperationError(""));
  }
  if (absl::Status authorized = authorize(); !authorized.ok()) {
    return ErrorResponse(authorized);
  }
  if (not_yet_offered) {
    return ErrorResponse(ValidationError(absl::StrCat(
        "Dynamite does not support the operation ", operation, " yet")));
  }
  if (!parsed || !doc.IsObject()) {
    return ErrorResponse(SerializationError(""));
  }
  return handler(db, doc);
}

}  // namespace dynamite
