// WireResponse: what a DynamoDB JSON request answers, before any transport:
// an HTTP status and a compact JSON body.
//
// Thread safety: a plain struct.

#ifndef DYNAMITE_WIRE_WIRE_RESPONSE_H_
#define DYNAMITE_WIRE_WIRE_RESPONSE_H_

#include <string>

namespace dynamite {

struct WireResponse {
  int http_status = 200;
  // Compact JSON: the response object, or the error object
  // {"__type":"<namespace>#<Name>","message":"..."}.
  std::string body;
};

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_WIRE_RESPONSE_H_
