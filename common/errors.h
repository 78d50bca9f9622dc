// DynamoDB error kinds carried on absl::Status.
//
// Every error the engine reports is an absl::Status with a canonical code (so
// generic code such as absl::IsNotFound() still works) plus the exact DynamoDB
// error kind attached as a payload under one type URL. The message is the text
// DynamoDB sends; wire/error_body.cc is the only code that turns a kind into a
// wire `__type` and an HTTP status.
//
// Thread safety: all functions are pure and may be called concurrently.

#ifndef DYNAMITE_COMMON_ERRORS_H_
#define DYNAMITE_COMMON_ERRORS_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dynamite {

enum class ErrorKind {
  kValidation,
  kSerialization,
  kResourceNotFound,
  kResourceInUse,
  kConditionalCheckFailed,
  kTransactionCanceled,
  kTransactionConflict,
  kItemCollectionSizeLimitExceeded,
  kLimitExceeded,
  kUnknownOperation,
  kMissingAuthenticationToken,
  kInvalidSignature,
  kIncompleteSignature,
  kUnrecognizedClient,
  kAccessDenied,
  kIdempotentParameterMismatch,
  // DynamoDB Streams: an iterator older than 15 minutes, and one that
  // points at records already trimmed.
  kExpiredIterator,
  kTrimmedDataAccess,
  // DescribeContinuousBackups and UpdateContinuousBackups on a missing
  // table (not ResourceNotFoundException).
  kTableNotFound,
  // On-demand backups: an unknown backup ARN, and a restore to a table name
  // in use.
  kBackupNotFound,
  kTableAlreadyExists,
  kInternal,
};

// Returns a status of `kind` carrying `message` verbatim.
absl::Status MakeError(ErrorKind kind, absl::string_view message);

// One constructor per common kind, named after it.
absl::Status ValidationError(absl::string_view message);
absl::Status SerializationError(absl::string_view message);
absl::Status ResourceNotFoundError(absl::string_view message);
absl::Status ResourceInUseError(absl::string_view message);
absl::Status ConditionalCheckFailedError(absl::string_view message);
absl::Status UnknownOperationError(absl::string_view message);
absl::Status InternalError(absl::string_view message);

// Returns the kind carried by `status`. A status made without a kind is
// mapped from its code (kInvalidArgument -> kValidation, kNotFound ->
// kResourceNotFound, anything else -> kInternal).
// REQUIRES: !status.ok()
ErrorKind ErrorKindOf(const absl::Status& status);

// Returns the DynamoDB error name, e.g. "ValidationException".
absl::string_view ErrorName(ErrorKind kind);

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_ERRORS_H_
