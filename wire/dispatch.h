// Dispatch: DynamoDB's JSON protocol over the embedded API.
//
// Dispatch(operation, body) decodes a request body (DynamoDB JSON), calls
// the Database method named by `operation` (the part of X-Amz-Target after
// "DynamoDB_20120810.", or after "DynamoDBStreams_20120810." for the
// Streams API), and encodes the response or the error exactly as
// DynamoDB would send it. Both `dynamite exec` and `dynamite serve` (server/)
// enter here; wire/ is the only code that reads or writes JSON.
//
// Thread safety: Dispatch may be called concurrently; it is as thread-safe
// as the Database it is given.

#ifndef DYNAMITE_WIRE_DISPATCH_H_
#define DYNAMITE_WIRE_DISPATCH_H_

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "api/database.h"
#include "wire/wire_response.h"

namespace dynamite {

// Which API a request is for: X-Amz-Target's prefix, DynamoDB_20120810,
// DynamoDBStreams_20120810, or DynamiteControl_20261204 (Dynamite's own
// control operations, wire/dynamite_control_json.h). Their operations are
// answered the same way.
enum class WireApi { kDynamoDB, kStreams, kControl };

// The API whose operation `operation` is (kDynamoDB for a name neither
// knows): for `dynamite exec` scripts, which name operations without a
// prefix.
WireApi ApiOfOperation(absl::string_view operation);

// Answers one request. Never fails: every problem becomes an error body.
// Order of checks, as DynamoDB's: the body must be well-formed JSON
// (SerializationException, no message), then `operation` must be known
// (UnknownOperationException, no message), then the body must be a JSON
// object (SerializationException), then the request is decoded (type
// errors, then constraint errors, then DynamoDB's request checks) and run.
// An empty body is checked for the operation first, then answers
// SerializationException.
WireResponse Dispatch(Database& db, absl::string_view operation,
                      absl::string_view body);

// Dispatch() with the request's authentication checked where DynamoDB
// checks it: after the operation is known, before the body's shape. A
// non-OK status from `authorize` (MissingAuthenticationTokenException,
// IncompleteSignatureException, ...) is the answer.
WireResponse Dispatch(Database& db, absl::string_view operation,
                      absl::string_view body,
                      absl::FunctionRef<absl::Status()> authorize);

// Dispatch() of an operation of `api`.
WireResponse Dispatch(Database& db, WireApi api, absl::string_view operation,
                      absl::string_view body,
                      absl::FunctionRef<absl::Status()> authorize);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_DISPATCH_H_
