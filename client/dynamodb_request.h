// The HTTP request an AWS SDK sends for one DynamoDB operation: POST / with
// Content-Type application/x-amz-json-1.0, X-Amz-Target
// DynamoDB_20120810.<Operation>, X-Amz-Date, and an Authorization header in
// SigV4's shape (dummy credentials, a signature of zeros: dynamite serve,
// DynamoDB Local and dynalite verify none by default). Shared by WireClient
// (one blocking connection) and the load driver's event loop
// (bench/wire_measure.cc), so both send byte-for-byte the same requests.
//
// Thread safety: functions of their arguments only.

#ifndef DYNAMITE_CLIENT_DYNAMODB_REQUEST_H_
#define DYNAMITE_CLIENT_DYNAMODB_REQUEST_H_

#include <cstdint>

#include "absl/strings/string_view.h"

#include "client/wire_client.h"

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace dynamite {

using DynamoDbHttpRequest =
    boost::beast::http::request<boost::beast::http::string_body>;

// Answers larger than any DynamoDB response (1 MB pages, 16 MB batches).
inline constexpr uint64_t kMaxDynamoDbResponseBytes = uint64_t{64} << 20;

// Sets what every request to `endpoint` shares: POST / over HTTP/1.1, Host,
// Content-Type, Accept-Encoding.
void InitDynamoDbRequest(const WireEndpoint& endpoint,
                         DynamoDbHttpRequest& request);

// Sets X-Amz-Date and the Authorization header for the current second,
// unless `*date_second` (the Unix second they were last set for; start at
// -1) says they are current.
void RefreshDynamoDbRequestDate(DynamoDbHttpRequest& request,
                                int64_t* date_second);

// Sets X-Amz-Target for `operation`, the body and its Content-Length.
void SetDynamoDbOperation(absl::string_view operation, absl::string_view body,
                          DynamoDbHttpRequest& request);

}  // namespace dynamite

#endif  // DYNAMITE_CLIENT_DYNAMODB_REQUEST_H_
