// HTTP content codings (RFC 9110 §8.4) for the DynamoDB endpoint: request
// bodies a client compressed (Content-Encoding), and whether a client
// takes a gzip answer (Accept-Encoding).
//
// DynamoDB accepts request bodies in the "gzip" coding (RFC 1952, several
// members one after another allowed) and the "deflate" coding (a zlib
// stream, RFC 1950, exactly one), as AWS's SDKs send them when request
// compression is on (scylladb/scylladb test_compressed_request.py,
// checked against DynamoDB). "identity" changes nothing; "x-gzip" is
// gzip (RFC 9110 §8.4.1.3). A list of codings is undone last one first.
//
// A decoded body is bounded as it is inflated: the decoder stops at
// `max_decoded_bytes`, so a small body that would inflate to gigabytes
// (a decompression bomb) costs at most that much memory.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_SERVER_CONTENT_CODING_H_
#define DYNAMITE_SERVER_CONTENT_CODING_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dynamite {

// A Content-Encoding list longer than this is refused: no client stacks
// codings, and each layer could cost a full inflate of the size limit.
inline constexpr int kMaxContentCodings = 2;

// Returns `body` with the codings listed in `content_encoding` (a
// Content-Encoding value, or several combined with ", ") undone.
// Errors, each with a message naming the coding and what is wrong:
//   kResourceExhausted - the decoded body would pass max_decoded_bytes;
//   kInvalidArgument   - the body is not a valid stream of its coding
//                        (corrupt, truncated, empty, or with bytes after
//                        the stream), or the list is malformed or longer
//                        than kMaxContentCodings;
//   kUnimplemented     - a coding other than gzip, x-gzip, deflate or
//                        identity.
absl::StatusOr<std::string> DecodeContent(absl::string_view content_encoding,
                                          std::string body,
                                          size_t max_decoded_bytes);

// Whether an Accept-Encoding value (several combined with ", ") lets the
// answer be gzip: "gzip" or "x-gzip" with a q-value above 0, or, when
// neither is named, "*" with one. An empty value accepts none: a server
// may always answer identity.
bool AcceptsGzip(absl::string_view accept_encoding);

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_CONTENT_CODING_H_
