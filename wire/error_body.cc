#include "wire/error_body.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

#include "wire/json.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// True for errors raised by AWS's request layer (Coral) rather than by
// DynamoDB itself.
bool IsRequestLayerError(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kSerialization:
    case ErrorKind::kUnknownOperation:
    case ErrorKind::kMissingAuthenticationToken:
    case ErrorKind::kInvalidSignature:
    case ErrorKind::kIncompleteSignature:
    case ErrorKind::kUnrecognizedClient:
    case ErrorKind::kAccessDenied:
      return true;
    case ErrorKind::kValidation:
    case ErrorKind::kResourceNotFound:
    case ErrorKind::kResourceInUse:
    case ErrorKind::kConditionalCheckFailed:
    case ErrorKind::kTransactionCanceled:
    case ErrorKind::kTransactionConflict:
    case ErrorKind::kItemCollectionSizeLimitExceeded:
    case ErrorKind::kLimitExceeded:
    case ErrorKind::kIdempotentParameterMismatch:
    case ErrorKind::kExpiredIterator:
    case ErrorKind::kTrimmedDataAccess:
    case ErrorKind::kTableNotFound:
    case ErrorKind::kBackupNotFound:
    case ErrorKind::kTableAlreadyExists:
    case ErrorKind::kInternal:
      return false;
  }
  return false;
}

// The name of the message field in the body of an error of `kind`.
absl::string_view MessageField(ErrorKind kind) {
  if (kind == ErrorKind::kSerialization || kind == ErrorKind::kAccessDenied ||
      kind == ErrorKind::kTransactionCanceled) {
    return "Message";
  }
  return "message";
}

}  // namespace

std::string ErrorType(ErrorKind kind) {
  return absl::StrCat(IsRequestLayerError(kind)
                          ? "com.amazon.coral.service#"
                          : "com.amazonaws.dynamodb.v20120810#",
                      ErrorName(kind));
}

int ErrorHttpStatus(ErrorKind kind) {
  return kind == ErrorKind::kInternal ? 500 : 400;
}

namespace {

// The body of an error: its type and message, then whatever `extra` adds.
template <typename Extra>
WireResponse ErrorBody(const absl::Status& status, Extra extra) {
  ErrorKind kind = status.ok() ? ErrorKind::kInternal : ErrorKindOf(status);
  absl::string_view message =
      status.ok() ? absl::string_view("Error reported for a successful request")
                  : status.message();
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.StartObject();
  writer.Key("__type");
  WriteJsonString(writer, ErrorType(kind));
  if (!message.empty()) {
    WriteJsonString(writer, MessageField(kind));
    WriteJsonString(writer, message);
  }
  extra(writer);
  writer.EndObject();
  return WireResponse{ErrorHttpStatus(kind), JsonText(buffer)};
}

}  // namespace

WireResponse ErrorResponse(const absl::Status& status, const ItemPtr& item) {
  return ErrorBody(status, [&](JsonWriter& writer) {
    if (item != nullptr) {
      writer.Key("Item");
      WriteItem(item, writer);
    }
  });
}

WireResponse CancellationResponse(
    const absl::Status& status, absl::Span<const CancellationReason> reasons) {
  return ErrorBody(status, [&](JsonWriter& writer) {
    writer.Key("CancellationReasons");
    writer.StartArray();
    for (const CancellationReason& reason : reasons) {
      writer.StartObject();
      writer.Key("Code");
      WriteJsonString(writer, reason.code);
      if (reason.message.has_value()) {
        writer.Key("Message");
        WriteJsonString(writer, *reason.message);
      }
      if (reason.item != nullptr) {
        writer.Key("Item");
        WriteItem(reason.item, writer);
      }
      writer.EndObject();
    }
    writer.EndArray();
  });
}

}  // namespace dynamite
