// Dispatch: DynamoDB's JSON protocol over the embedded API.
//
// Dispatch(operation, body) decodes a request body (DynamoDB JSON), calls
// the Database method named by `operation` (the part of X-Amz-Target after
// "DynamoDB_20120810."), and encodes the response or the error exactly as
// DynamoDB would send it. Both `dynamite exec` and (later) `dynamite serve`
// enter here; wire/ is the only code that reads or writes JSON.
//
// Thread safety: Dispatch may be called concurrently; it is as thread-safe
// as the Database it is given.

#ifndef DYNAMITE_WIRE_DISPATCH_H_
#define DYNAMITE_WIRE_DISPATCH_H_

#include <string>

#include "absl/strings/string_view.h"
#include "api/database.h"

namespace dynamite {

struct WireResponse {
  int http_status = 200;
  // Compact JSON: the response object, or the error object
  // {"__type":"<namespace>#<Name>","message":"..."}.
  std::string body;
};

WireResponse Dispatch(Database& db, absl::string_view operation,
                      absl::string_view body);

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_DISPATCH_H_
