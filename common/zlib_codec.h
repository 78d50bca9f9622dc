// Inflating and deflating with zlib: gzip (RFC 1952) and zlib (RFC 1950)
// streams, bounded as they are inflated, for HTTP's content codings
// (server/content_coding.h) and for DynamoDB's export files
// (transfer/table_export.h).
//
// Thread safety: pure functions.

#ifndef DYNAMITE_COMMON_ZLIB_CODEC_H_
#define DYNAMITE_COMMON_ZLIB_CODEC_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dynamite {

enum class ZlibFormat {
  kGzip,  // RFC 1952; several members one after another allowed
  kZlib,  // RFC 1950 (HTTP's "deflate"); exactly one stream
};

// `input` inflated. `what` names the input in errors ("request body",
// "file data/x.json.gz"); the errors:
//   kResourceExhausted - the output would pass `max_bytes`: "The gzip
//                        <what> inflates past <max_bytes> bytes";
//   kInvalidArgument   - not a valid stream (corrupt, truncated, or with
//                        bytes after a zlib stream).
absl::StatusOr<std::string> Inflate(ZlibFormat format, absl::string_view what,
                                    absl::string_view input, size_t max_bytes);

// `bytes` as one gzip member at zlib's default level; the header's time is
// 0, so the same bytes always give the same output.
std::string GzipCompress(absl::string_view bytes);

}  // namespace dynamite

#endif  // DYNAMITE_COMMON_ZLIB_CODEC_H_
