// zlib straight, for tests of server/content_coding and of the server's
// compressed requests and answers: bytes are compressed and inflated here
// without the code under test, so a test cannot agree with a bug in it.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_TESTS_SERVER_ZLIB_TEST_CODEC_H_
#define DYNAMITE_TESTS_SERVER_ZLIB_TEST_CODEC_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"

#include "zlib.h"

namespace dynamite {

inline constexpr int kTestGzipWindowBits = 16 + MAX_WBITS;
inline constexpr int kTestZlibWindowBits = MAX_WBITS;

// `bytes` compressed with `window_bits` (gzip or zlib wrapper).
inline std::string TestCompress(absl::string_view bytes, int window_bits) {
  z_stream z{};
  deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, window_bits, 9,
               Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

inline std::string TestGzip(absl::string_view bytes) {
  return TestCompress(bytes, kTestGzipWindowBits);
}

inline std::string TestDeflate(absl::string_view bytes) {
  return TestCompress(bytes, kTestZlibWindowBits);
}

// One gzip member inflated, or nullopt if `bytes` is not one.
inline std::optional<std::string> TestGunzip(absl::string_view bytes) {
  z_stream z{};
  inflateInit2(&z, kTestGzipWindowBits);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  int result = Z_OK;
  while (result == Z_OK) {
    char chunk[16384];
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof(chunk);
    result = inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof(chunk) - z.avail_out);
  }
  inflateEnd(&z);
  if (result != Z_STREAM_END) return std::nullopt;
  return out;
}

// The decimal CRC-32 of `bytes`, as x-amz-crc32 spells it.
inline std::string TestCrc32(absl::string_view bytes) {
  const uLong crc =
      crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(bytes.data()),
            static_cast<uInt>(bytes.size()));
  return std::to_string(static_cast<uint32_t>(crc));
}

}  // namespace dynamite

#endif  // DYNAMITE_TESTS_SERVER_ZLIB_TEST_CODEC_H_
