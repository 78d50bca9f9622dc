// Error bodies: absl::Status -> DynamoDB's HTTP status and JSON error body.
//
// The only code that knows the wire form of an error. The body is
//   {"__type":"<namespace>#<ErrorName>","message":"<text>"}
// with namespace com.amazon.coral.service for errors raised by AWS's
// request layer (SerializationException, UnknownOperationException,
// AccessDeniedException and the authentication errors) and
// com.amazonaws.dynamodb.v20120810 for everything else, including
// ValidationException. Errors of the request layer spell the field
// "Message"; DynamoDB's own errors spell it "message" (TransactionCanceled-
// Exception, which DynamoDB sends with "Message", is the exception). An
// empty message is left out: a malformed body answers
// {"__type":"com.amazon.coral.service#SerializationException"}.
// InternalServerError is HTTP 500; every other error is HTTP 400.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_WIRE_ERROR_BODY_H_
#define DYNAMITE_WIRE_ERROR_BODY_H_

#include <string>

#include "absl/status/status.h"
#include "absl/types/span.h"

#include "api/transact_requests.h"
#include "common/errors.h"
#include "store/item.h"
#include "store/item_ptr.h"
#include "wire/wire_response.h"

namespace dynamite {

// "<namespace>#<ErrorName>", e.g.
// "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException".
std::string ErrorType(ErrorKind kind);

// The HTTP status DynamoDB answers an error of `kind` with.
int ErrorHttpStatus(ErrorKind kind);

// The response for a failed request. A status without an error kind is
// mapped by ErrorKindOf(); an OK status (a caller bug) answers
// InternalServerError. `item`, when set, is written as the body's "Item":
// the item a ConditionalCheckFailedException returns under
// ReturnValuesOnConditionCheckFailure ALL_OLD (reference §7.8).
WireResponse ErrorResponse(const absl::Status& status,
                           const ItemPtr& item = nullptr);

// The response for a cancelled transaction (TransactionCanceledException):
// the error body plus "CancellationReasons", one {"Code", "Message",
// "Item"} object per action, as DynamoDB sends them (reference §8.4).
WireResponse CancellationResponse(const absl::Status& status,
                                  absl::Span<const CancellationReason> reasons);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_ERROR_BODY_H_
