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

WireResponse ErrorResponse(const absl::Status& status, const ItemPtr& item) {
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
  if (item != nullptr) {
    writer.Key("Item");
    WriteItem(item, writer);
  }
  writer.EndObject();
  return WireResponse{ErrorHttpStatus(kind), JsonText(buffer)};
}

}  // namespace dynamite
