// Order-preserving byte encoding of key values (S, N and B).
//
// Every key value is encoded once into a byte string whose memcmp order is
// DynamoDB's order for that type: S by its UTF-8 bytes (unsigned), B by its
// bytes (unsigned), N numerically. All values of one key attribute share one
// type, so the encodings of different types never meet in one comparison and
// carry no type tag. S and B encode as themselves, so begins_with on S/B is a
// byte-prefix range. The format of N is documented in key_codec.cc.
//
// Thread safety: pure functions.

#ifndef DYNAMITE_STORE_KEY_CODEC_H_
#define DYNAMITE_STORE_KEY_CODEC_H_

#include <string>

#include "absl/strings/string_view.h"

#include "store/key_bytes.h"
#include "store/number.h"
#include "store/value.h"

namespace dynamite {

// Returns the order-preserving encoding of a Number.
std::string EncodeNumberKey(const Number& n);

// Returns the encoding of a key value.
// REQUIRES: value.type() is kS, kN or kB.
std::string EncodeKeyValue(const AttributeValue& value);

// EncodeKeyValue(value), borrowing the bytes of an S or B value, which is
// its own encoding: `value` must outlive the result and its copies.
// REQUIRES: value.type() is kS, kN or kB.
KeyBytes EncodeKeyBytes(const AttributeValue& value);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_KEY_CODEC_H_
