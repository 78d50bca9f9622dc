// The packed form of attribute values: how a stored item (store/
// packed_item.h) keeps its values in one block of bytes, and ValueView, which
// reads one of them in place.
//
// Why: memory (issue 5 measures resident bytes per item). An AttributeValue
// is 40 bytes and an AttributeMap entry 72, plus a heap block for every
// string longer than 15 bytes; a leaderboard item of 128 DynamoDB bytes cost
// about 600 resident bytes that way. Packed, it is its bytes plus about three
// a value.
//
// A value is a type byte (ValueType) and then:
//   S, B     varint length, the bytes
//   N        a byte (1 if negative), zigzag varint exponent, varint
//            coefficient (Number::Parts; at most 19 bytes)
//   BOOL     a byte, 0 or 1
//   NULL     nothing
//   M        varint body length, then the body: varint count, and per member
//            (in name order) varint name length, the name, the value
//   L        varint body length; body: varint count, the values
//   SS, BS   varint body length; body: varint count, per member varint
//            length and the bytes
//   NS       varint body length; body: varint count, the numbers as N's
// Varints are LEB128, least significant group first. Containers carry their
// body length so that a reader skips one without walking it.
//
// Thread safety: the bytes are immutable; views may be used concurrently.

#ifndef DYNAMITE_STORE_PACKED_VALUE_H_
#define DYNAMITE_STORE_PACKED_VALUE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"

#include "store/number.h"
#include "store/value.h"

namespace dynamite {

// Packs values in two passes: Measure() every value first (the bytes each
// will take), then Write() the same values in the same order. A container
// carries its body's length before its members, so it must be known before
// they are written: the measuring pass records each container's body size
// for the writing pass, so that every value is measured once however deep
// it is nested (measuring a container again at each enclosing level would
// cost O(values x depth)).
//
// A packer is for one item's values: Measure all, then Write all.
class ValuePacker {
 public:
  // The bytes Write() will take for `value`, or for one attribute (its
  // name, then its value).
  size_t Measure(const AttributeValue& value);
  size_t MeasureEntry(absl::string_view name, const AttributeValue& value);

  // Writes `value` (or the attribute) packed at `out`; returns the byte
  // after it. REQUIRES: the values measured, in the order measured; `out`
  // has the measured bytes.
  char* Write(const AttributeValue& value, char* out);
  char* WriteEntry(absl::string_view name, const AttributeValue& value,
                   char* out);

 private:
  std::vector<size_t> body_sizes_;  // the containers', in writing order
  size_t written_ = 0;              // containers written so far
};

// The bytes a value takes packed.
size_t PackedValueSize(const AttributeValue& value);

// One packed value, read in place. Valid while the bytes it points into are.
class ValueView {
 public:
  // REQUIRES: `data` points at the type byte of a packed value.
  explicit ValueView(const char* data) : data_(data) {}

  ValueType type() const { return static_cast<ValueType>(*data_); }

  // REQUIRES: type() is the accessor's type.
  absl::string_view s() const { return Bytes(); }
  absl::string_view b() const { return Bytes(); }
  Number n() const;
  bool boolean() const { return data_[1] != 0; }

  // The members of an M, the elements of an L or a set.
  // REQUIRES: type() is a container type.
  size_t count() const;
  // The member of an M named `name`, if any. REQUIRES: type() is kM.
  std::optional<ValueView> Member(absl::string_view name) const;
  // The element of an L at `index`, if any. REQUIRES: type() is kL.
  std::optional<ValueView> Element(size_t index) const;
  // Calls `visit` for each member of an M in name order.
  void ForEachMember(
      absl::FunctionRef<void(absl::string_view, ValueView)> visit) const;
  // Calls `visit` for each element of an L in order.
  void ForEachElement(absl::FunctionRef<void(ValueView)> visit) const;
  // Calls `visit` for each member of an SS or BS in order.
  void ForEachBytes(absl::FunctionRef<void(absl::string_view)> visit) const;
  // Calls `visit` for each member of an NS in order.
  void ForEachNumber(absl::FunctionRef<void(const Number&)> visit) const;

  // The value as an AttributeValue (copies it).
  AttributeValue Decode() const;

  // Where this value starts (its type byte) and the byte after it.
  const char* data() const { return data_; }
  const char* end() const;

 private:
  absl::string_view Bytes() const;
  // The body of a container (after its length) and the byte after it.
  const char* Body(const char** body_end) const;

  const char* data_;
};

namespace store_internal {

// Reads a varint at `p`, advancing `p` past it.
uint64_t ReadVarint(const char*& p);

// Reads an entry's name at `p` (its length and bytes), advancing `p` to
// the entry's value.
absl::string_view ReadName(const char*& p);

// Reads the entries of a packed map body (`count` entries at `p`) into
// `visit`; returns the byte after them.
const char* ForEachPackedEntry(
    const char* p, size_t count,
    absl::FunctionRef<void(absl::string_view, ValueView)> visit);

// Finds the entry `name` among `count` packed entries at `p` (in name
// order).
std::optional<ValueView> FindPackedEntry(const char* p, size_t count,
                                         absl::string_view name);

// Decodes `count` packed entries at `p` into a map.
AttributeMap DecodePackedEntries(const char* p, size_t count);

}  // namespace store_internal

}  // namespace dynamite

#endif  // DYNAMITE_STORE_PACKED_VALUE_H_
