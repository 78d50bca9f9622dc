// MD5 digests in the forms DynamoDB's export to S3 writes them
// (wire/export_manifest.h): base64 (the .md5 files and md5Checksum), S3's
// one-part multipart ETag, and the 26-letter base32 names of data files.
// MD5 here names and checks files; it protects nothing.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_TRANSFER_MD5_DIGEST_H_
#define DYNAMITE_TRANSFER_MD5_DIGEST_H_

#include <string>

#include "absl/strings/string_view.h"

namespace dynamite {

// The 16 bytes of MD5(`bytes`).
std::string Md5(absl::string_view bytes);

// base64(MD5(`bytes`)): 24 characters.
std::string Md5Base64(absl::string_view bytes);

// S3's ETag of `bytes` uploaded as one part of a multipart upload:
// hex(MD5(MD5(bytes))) + "-1".
std::string MultipartEtag(absl::string_view bytes);

// MD5(`bytes`) in unpadded lower-case base32 (RFC 4648 letters a-z, 2-7):
// 26 characters, the shape of an export's data file names.
std::string Md5Base32(absl::string_view bytes);

}  // namespace dynamite

#endif  // DYNAMITE_TRANSFER_MD5_DIGEST_H_
