#include "transfer/md5_digest.h"

#include <cstdint>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

#include "openssl/evp.h"

namespace dynamite {

std::string Md5(absl::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_md5(), nullptr);
  return std::string(reinterpret_cast<const char*>(digest), size);
}

std::string Md5Base64(absl::string_view bytes) {
  return absl::Base64Escape(Md5(bytes));
}

std::string MultipartEtag(absl::string_view bytes) {
  return absl::StrCat(absl::BytesToHexString(Md5(Md5(bytes))), "-1");
}

std::string Md5Base32(absl::string_view bytes) {
  constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyz234567";
  const std::string digest = Md5(bytes);
  std::string out;
  uint32_t buffer = 0;
  int bits = 0;
  for (unsigned char byte : digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += kLetters[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += kLetters[(buffer << (5 - bits)) & 31];
  return out;
}

}  // namespace dynamite
