#include "common/errors.h"

#include <cassert>
#include <string>

#include "absl/strings/cord.h"
#include "absl/types/optional.h"

namespace dynamite {
namespace {

// The payload that carries the kind: its DynamoDB name under this type URL.
constexpr absl::string_view kKindTypeUrl = "type.dynamite/ErrorKind";

constexpr ErrorKind kAllKinds[] = {
    ErrorKind::kValidation,
    ErrorKind::kSerialization,
    ErrorKind::kResourceNotFound,
    ErrorKind::kResourceInUse,
    ErrorKind::kConditionalCheckFailed,
    ErrorKind::kTransactionCanceled,
    ErrorKind::kTransactionConflict,
    ErrorKind::kItemCollectionSizeLimitExceeded,
    ErrorKind::kLimitExceeded,
    ErrorKind::kUnknownOperation,
    ErrorKind::kMissingAuthenticationToken,
    ErrorKind::kInvalidSignature,
    ErrorKind::kIncompleteSignature,
    ErrorKind::kUnrecognizedClient,
    ErrorKind::kAccessDenied,
    ErrorKind::kIdempotentParameterMismatch,
    ErrorKind::kExpiredIterator,
    ErrorKind::kTrimmedDataAccess,
    ErrorKind::kTableNotFound,
    ErrorKind::kBackupNotFound,
    ErrorKind::kTableAlreadyExists,
    ErrorKind::kInternal,
};

absl::StatusCode CodeOf(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kValidation:
    case ErrorKind::kSerialization:
      return absl::StatusCode::kInvalidArgument;
    case ErrorKind::kResourceNotFound:
    case ErrorKind::kTableNotFound:
    case ErrorKind::kBackupNotFound:
      return absl::StatusCode::kNotFound;
    case ErrorKind::kResourceInUse:
    case ErrorKind::kTableAlreadyExists:
      return absl::StatusCode::kAlreadyExists;
    case ErrorKind::kConditionalCheckFailed:
    case ErrorKind::kIdempotentParameterMismatch:
      return absl::StatusCode::kFailedPrecondition;
    case ErrorKind::kExpiredIterator:
      return absl::StatusCode::kDeadlineExceeded;
    case ErrorKind::kTrimmedDataAccess:
      return absl::StatusCode::kOutOfRange;
    case ErrorKind::kTransactionCanceled:
    case ErrorKind::kTransactionConflict:
      return absl::StatusCode::kAborted;
    case ErrorKind::kItemCollectionSizeLimitExceeded:
    case ErrorKind::kLimitExceeded:
      return absl::StatusCode::kResourceExhausted;
    case ErrorKind::kUnknownOperation:
      return absl::StatusCode::kUnimplemented;
    case ErrorKind::kMissingAuthenticationToken:
    case ErrorKind::kInvalidSignature:
    case ErrorKind::kIncompleteSignature:
    case ErrorKind::kUnrecognizedClient:
      return absl::StatusCode::kUnauthenticated;
    case ErrorKind::kAccessDenied:
      return absl::StatusCode::kPermissionDenied;
    case ErrorKind::kInternal:
      return absl::StatusCode::kInternal;
  }
  return absl::StatusCode::kInternal;
}

}  // namespace

absl::Status MakeError(ErrorKind kind, absl::string_view message) {
  absl::Status status(CodeOf(kind), message);
  status.SetPayload(kKindTypeUrl, absl::Cord(ErrorName(kind)));
  return status;
}

absl::Status ValidationError(absl::string_view message) {
  return MakeError(ErrorKind::kValidation, message);
}
absl::Status SerializationError(absl::string_view message) {
  return MakeError(ErrorKind::kSerialization, message);
}
absl::Status ResourceNotFoundError(absl::string_view message) {
  return MakeError(ErrorKind::kResourceNotFound, message);
}
absl::Status ResourceInUseError(absl::string_view message) {
  return MakeError(ErrorKind::kResourceInUse, message);
}
absl::Status ConditionalCheckFailedError(absl::string_view message) {
  return MakeError(ErrorKind::kConditionalCheckFailed, message);
}
absl::Status UnknownOperationError(absl::string_view message) {
  return MakeError(ErrorKind::kUnknownOperation, message);
}
absl::Status InternalError(absl::string_view message) {
  return MakeError(ErrorKind::kInternal, message);
}

ErrorKind ErrorKindOf(const absl::Status& status) {
  assert(!status.ok());
  if (absl::optional<absl::Cord> name = status.GetPayload(kKindTypeUrl)) {
    for (ErrorKind kind : kAllKinds) {
      if (*name == ErrorName(kind)) return kind;
    }
  }
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
      return ErrorKind::kValidation;
    case absl::StatusCode::kNotFound:
      return ErrorKind::kResourceNotFound;
    default:
      return ErrorKind::kInternal;
  }
}

absl::string_view ErrorName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kValidation:
      return "ValidationException";
    case ErrorKind::kSerialization:
      return "SerializationException";
    case ErrorKind::kResourceNotFound:
      return "ResourceNotFoundException";
    case ErrorKind::kResourceInUse:
      return "ResourceInUseException";
    case ErrorKind::kConditionalCheckFailed:
      return "ConditionalCheckFailedException";
    case ErrorKind::kTransactionCanceled:
      return "TransactionCanceledException";
    case ErrorKind::kTransactionConflict:
      return "TransactionConflictException";
    case ErrorKind::kItemCollectionSizeLimitExceeded:
      return "ItemCollectionSizeLimitExceededException";
    case ErrorKind::kLimitExceeded:
      return "LimitExceededException";
    case ErrorKind::kUnknownOperation:
      return "UnknownOperationException";
    case ErrorKind::kMissingAuthenticationToken:
      return "MissingAuthenticationTokenException";
    case ErrorKind::kInvalidSignature:
      return "InvalidSignatureException";
    case ErrorKind::kIncompleteSignature:
      return "IncompleteSignatureException";
    case ErrorKind::kUnrecognizedClient:
      return "UnrecognizedClientException";
    case ErrorKind::kAccessDenied:
      return "AccessDeniedException";
    case ErrorKind::kIdempotentParameterMismatch:
      return "IdempotentParameterMismatchException";
    case ErrorKind::kExpiredIterator:
      return "ExpiredIteratorException";
    case ErrorKind::kTrimmedDataAccess:
      return "TrimmedDataAccessException";
    case ErrorKind::kTableNotFound:
      return "TableNotFoundException";
    case ErrorKind::kBackupNotFound:
      return "BackupNotFoundException";
    case ErrorKind::kTableAlreadyExists:
      return "TableAlreadyExistsException";
    case ErrorKind::kInternal:
      return "InternalServerError";
  }
  return "InternalServerError";
}

}  // namespace dynamite
