// KeyBytes: the bytes of one encoded key value (store/key_codec.h), owned
// or borrowed.
//
// An S or B key value encodes as its own bytes, so a Query's partition key
// and sort-key bounds can point at the request's values instead of copying
// them: a copy costs an allocation for every key longer than 15 bytes, and
// the workloads' keys (`SEASON#2026-SPRING`, `EVT#2026-06-23T00:00:00.000Z`)
// all are. An N encodes into new bytes, which the KeyBytes owns.
//
// Lifetime: borrowed bytes must outlive the KeyBytes and every copy of it.
// A copy of a borrowing KeyBytes borrows the same bytes; a copy of an
// owning one owns a copy (nothing points into a KeyBytes itself, so copies
// and moves are always safe).
//
// Thread safety: a value type.

#ifndef DYNAMITE_STORE_KEY_BYTES_H_
#define DYNAMITE_STORE_KEY_BYTES_H_

#include <ostream>
#include <string>
#include <utility>
#include <variant>

#include "absl/strings/escaping.h"
#include "absl/strings/string_view.h"

namespace dynamite {

class KeyBytes {
 public:
  KeyBytes() = default;
  // Owns `bytes`. Implicit, as a std::string is: an encoded key is bytes.
  KeyBytes(std::string bytes)  // NOLINT(google-explicit-constructor)
      : rep_(std::move(bytes)) {}
  KeyBytes(const char* bytes)  // NOLINT(google-explicit-constructor)
      : rep_(std::string(bytes)) {}

  // Borrows `bytes`, which must outlive the result and its copies.
  static KeyBytes Borrow(absl::string_view bytes) {
    KeyBytes key;
    key.rep_ = bytes;
    return key;
  }

  absl::string_view view() const {
    if (const std::string* owned = std::get_if<std::string>(&rep_)) {
      return *owned;
    }
    return std::get<absl::string_view>(rep_);
  }

  friend bool operator==(const KeyBytes& a, const KeyBytes& b) {
    return a.view() == b.view();
  }
  // For test failure messages; keys may hold any byte.
  friend std::ostream& operator<<(std::ostream& out, const KeyBytes& key) {
    return out << '"' << absl::CHexEscape(key.view()) << '"';
  }

 private:
  std::variant<std::string, absl::string_view> rep_;
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_KEY_BYTES_H_
