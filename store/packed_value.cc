#include "store/packed_value.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/numeric/int128.h"
#include "absl/strings/string_view.h"

#include "store/attribute_map.h"
#include "store/number.h"
#include "store/value.h"

namespace dynamite {
namespace {

// Hands `members` to `write` in `less` order. A set is stored sorted (S and
// B by unsigned bytes, N by value), so every path that reads it back
// (GetItem, Query, Scan, ReturnValues, projections, the change records)
// returns it in one order, as DynamoDB Local does. A set already in order,
// as one read and written back is, is written without sorting.
template <typename T, typename Less, typename Write>
void WriteSorted(const std::vector<T>& members, Less less, Write write) {
  if (std::is_sorted(members.begin(), members.end(), less)) {
    for (const T& member : members) write(member);
    return;
  }
  std::vector<const T*> order;
  order.reserve(members.size());
  for (const T& member : members) order.push_back(&member);
  std::sort(order.begin(), order.end(),
            [&](const T* a, const T* b) { return less(*a, *b); });
  for (const T* member : order) write(*member);
}

size_t VarintSize(absl::uint128 v) {
  size_t size = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++size;
  }
  return size;
}

char* WriteVarint(absl::uint128 v, char* out) {
  while (v >= 0x80) {
    *out++ = static_cast<char>(absl::Uint128Low64(v) | 0x80);
    v >>= 7;
  }
  *out++ = static_cast<char>(absl::Uint128Low64(v));
  return out;
}

absl::uint128 ReadVarint128(const char*& p) {
  absl::uint128 v = 0;
  for (int shift = 0;; shift += 7) {
    const auto byte = static_cast<uint8_t>(*p++);
    v |= absl::uint128(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return v;
  }
}

const char* SkipVarint(const char* p) {
  while ((static_cast<uint8_t>(*p) & 0x80) != 0) ++p;
  return p + 1;
}

// Zigzag: small exponents of either sign take one byte.
uint64_t ZigZag(int32_t v) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(v)) << 1) ^
         static_cast<uint64_t>(static_cast<int64_t>(v) >> 63);
}

int32_t UnZigZag(uint64_t v) {
  return static_cast<int32_t>(static_cast<int64_t>(v >> 1) ^
                              -static_cast<int64_t>(v & 1));
}

size_t NumberSize(const Number& n) {
  const Number::Parts parts = n.parts();
  return 1 + VarintSize(ZigZag(parts.exponent)) + VarintSize(parts.coefficient);
}

char* WriteNumber(const Number& n, char* out) {
  const Number::Parts parts = n.parts();
  *out++ = parts.negative ? 1 : 0;
  out = WriteVarint(ZigZag(parts.exponent), out);
  return WriteVarint(parts.coefficient, out);
}

Number ReadNumber(const char*& p) {
  Number::Parts parts;
  parts.negative = *p++ != 0;
  parts.exponent = UnZigZag(store_internal::ReadVarint(p));
  parts.coefficient = ReadVarint128(p);
  return Number::FromParts(parts);
}

const char* SkipNumber(const char* p) { return SkipVarint(SkipVarint(p + 1)); }

size_t BytesSize(absl::string_view bytes) {
  return VarintSize(bytes.size()) + bytes.size();
}

char* WriteBytes(absl::string_view bytes, char* out) {
  out = WriteVarint(bytes.size(), out);
  // memcpy of nothing from a null pointer is undefined; an empty S cannot
  // be stored, but an empty B member can be read from a set.
  if (!bytes.empty()) std::memcpy(out, bytes.data(), bytes.size());
  return out + bytes.size();
}

absl::string_view ReadBytes(const char*& p) {
  const uint64_t size = store_internal::ReadVarint(p);
  absl::string_view bytes(p, size);
  p += size;
  return bytes;
}

}  // namespace

size_t ValuePacker::Measure(const AttributeValue& value) {
  switch (value.type()) {
    case ValueType::kS:
      return 1 + BytesSize(value.s());
    case ValueType::kB:
      return 1 + BytesSize(value.b());
    case ValueType::kN:
      return 1 + NumberSize(value.n());
    case ValueType::kBool:
      return 2;
    case ValueType::kNull:
      return 1;
    case ValueType::kM:
    case ValueType::kL:
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
      break;
  }
  // The slot is taken before the members are measured, so that the body
  // sizes are in the order Write() meets the containers (pre-order).
  const size_t slot = body_sizes_.size();
  body_sizes_.push_back(0);
  size_t size = 0;
  size_t count = 0;
  switch (value.type()) {
    case ValueType::kM:
      count = value.m().size();
      for (const auto& [name, member] : value.m()) {
        size += MeasureEntry(name, member);
      }
      break;
    case ValueType::kL:
      count = value.l().size();
      for (const AttributeValue& element : value.l()) size += Measure(element);
      break;
    case ValueType::kSS:
    case ValueType::kBS: {
      const std::vector<std::string>& members =
          value.type() == ValueType::kSS ? value.ss() : value.bs();
      count = members.size();
      for (const std::string& member : members) size += BytesSize(member);
      break;
    }
    case ValueType::kNS:
      count = value.ns().size();
      for (const Number& member : value.ns()) size += NumberSize(member);
      break;
    case ValueType::kS:
    case ValueType::kN:
    case ValueType::kB:
    case ValueType::kBool:
    case ValueType::kNull:
      break;
  }
  const size_t body = VarintSize(count) + size;
  body_sizes_[slot] = body;
  return 1 + VarintSize(body) + body;
}

size_t ValuePacker::MeasureEntry(absl::string_view name,
                                 const AttributeValue& value) {
  return BytesSize(name) + Measure(value);
}

char* ValuePacker::Write(const AttributeValue& value, char* out) {
  *out++ = static_cast<char>(value.type());
  if (!IsScalar(value.type())) {
    out = WriteVarint(body_sizes_[written_++], out);
  }
  switch (value.type()) {
    case ValueType::kS:
      return WriteBytes(value.s(), out);
    case ValueType::kB:
      return WriteBytes(value.b(), out);
    case ValueType::kN:
      return WriteNumber(value.n(), out);
    case ValueType::kBool:
      *out++ = value.boolean() ? 1 : 0;
      return out;
    case ValueType::kNull:
      return out;
    case ValueType::kM:
      out = WriteVarint(value.m().size(), out);
      for (const auto& [name, member] : value.m()) {
        out = WriteEntry(name, member, out);
      }
      return out;
    case ValueType::kL:
      out = WriteVarint(value.l().size(), out);
      for (const AttributeValue& element : value.l()) {
        out = Write(element, out);
      }
      return out;
    case ValueType::kSS:
    case ValueType::kBS: {
      const std::vector<std::string>& members =
          value.type() == ValueType::kSS ? value.ss() : value.bs();
      out = WriteVarint(members.size(), out);
      // std::string compares its bytes as unsigned char: DynamoDB's order.
      WriteSorted(
          members, std::less<std::string>(),
          [&](const std::string& member) { out = WriteBytes(member, out); });
      return out;
    }
    case ValueType::kNS:
      out = WriteVarint(value.ns().size(), out);
      WriteSorted(
          value.ns(),
          [](const Number& a, const Number& b) { return (a <=> b) < 0; },
          [&](const Number& member) { out = WriteNumber(member, out); });
      return out;
  }
  return out;
}

char* ValuePacker::WriteEntry(absl::string_view name,
                              const AttributeValue& value, char* out) {
  return Write(value, WriteBytes(name, out));
}

size_t PackedValueSize(const AttributeValue& value) {
  return ValuePacker().Measure(value);
}

Number ValueView::n() const {
  const char* p = data_ + 1;
  return ReadNumber(p);
}

absl::string_view ValueView::Bytes() const {
  const char* p = data_ + 1;
  return ReadBytes(p);
}

const char* ValueView::Body(const char** body_end) const {
  const char* p = data_ + 1;
  const uint64_t size = store_internal::ReadVarint(p);
  *body_end = p + size;
  return p;
}

size_t ValueView::count() const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  return store_internal::ReadVarint(p);
}

std::optional<ValueView> ValueView::Member(absl::string_view name) const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  const uint64_t count = store_internal::ReadVarint(p);
  return store_internal::FindPackedEntry(p, count, name);
}

std::optional<ValueView> ValueView::Element(size_t index) const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  const uint64_t count = store_internal::ReadVarint(p);
  if (index >= count) return std::nullopt;
  for (size_t i = 0; i < index; ++i) p = ValueView(p).end();
  return ValueView(p);
}

void ValueView::ForEachMember(
    absl::FunctionRef<void(absl::string_view, ValueView)> visit) const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  const uint64_t count = store_internal::ReadVarint(p);
  store_internal::ForEachPackedEntry(p, count, visit);
}

void ValueView::ForEachElement(absl::FunctionRef<void(ValueView)> visit) const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  const uint64_t count = store_internal::ReadVarint(p);
  for (uint64_t i = 0; i < count; ++i) {
    const ValueView element(p);
    p = element.end();
    visit(element);
  }
}

void ValueView::ForEachBytes(
    absl::FunctionRef<void(absl::string_view)> visit) const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  const uint64_t count = store_internal::ReadVarint(p);
  for (uint64_t i = 0; i < count; ++i) visit(ReadBytes(p));
}

void ValueView::ForEachNumber(
    absl::FunctionRef<void(const Number&)> visit) const {
  const char* body_end = nullptr;
  const char* p = Body(&body_end);
  const uint64_t count = store_internal::ReadVarint(p);
  for (uint64_t i = 0; i < count; ++i) visit(ReadNumber(p));
}

AttributeValue ValueView::Decode() const {
  switch (type()) {
    case ValueType::kS:
      return AttributeValue::S(std::string(s()));
    case ValueType::kB:
      return AttributeValue::B(std::string(b()));
    case ValueType::kN:
      return AttributeValue::N(n());
    case ValueType::kBool:
      return AttributeValue::Bool(boolean());
    case ValueType::kNull:
      return AttributeValue::Null();
    case ValueType::kM: {
      const char* body_end = nullptr;
      const char* p = Body(&body_end);
      const uint64_t count = store_internal::ReadVarint(p);
      return AttributeValue::M(store_internal::DecodePackedEntries(p, count));
    }
    case ValueType::kL: {
      std::vector<AttributeValue> elements;
      elements.reserve(count());
      ForEachElement(
          [&](ValueView element) { elements.push_back(element.Decode()); });
      return AttributeValue::L(std::move(elements));
    }
    case ValueType::kSS:
    case ValueType::kBS: {
      std::vector<std::string> members;
      members.reserve(count());
      ForEachBytes(
          [&](absl::string_view member) { members.emplace_back(member); });
      return type() == ValueType::kSS ? AttributeValue::SS(std::move(members))
                                      : AttributeValue::BS(std::move(members));
    }
    case ValueType::kNS: {
      std::vector<Number> members;
      members.reserve(count());
      ForEachNumber([&](const Number& member) { members.push_back(member); });
      return AttributeValue::NS(std::move(members));
    }
  }
  return AttributeValue::Null();
}

const char* ValueView::end() const {
  const char* p = data_ + 1;
  switch (type()) {
    case ValueType::kS:
    case ValueType::kB:
      ReadBytes(p);
      return p;
    case ValueType::kN:
      return SkipNumber(p);
    case ValueType::kBool:
      return p + 1;
    case ValueType::kNull:
      return p;
    case ValueType::kM:
    case ValueType::kL:
    case ValueType::kSS:
    case ValueType::kNS:
    case ValueType::kBS:
      break;
  }
  const char* body_end = nullptr;
  Body(&body_end);
  return body_end;
}

namespace store_internal {

uint64_t ReadVarint(const char*& p) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    const auto byte = static_cast<uint8_t>(*p++);
    v |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return v;
  }
}

absl::string_view ReadName(const char*& p) { return ReadBytes(p); }

const char* ForEachPackedEntry(
    const char* p, size_t count,
    absl::FunctionRef<void(absl::string_view, ValueView)> visit) {
  for (size_t i = 0; i < count; ++i) {
    const absl::string_view name = ReadBytes(p);
    const ValueView value(p);
    p = value.end();
    visit(name, value);
  }
  return p;
}

std::optional<ValueView> FindPackedEntry(const char* p, size_t count,
                                         absl::string_view name) {
  for (size_t i = 0; i < count; ++i) {
    const absl::string_view entry = ReadBytes(p);
    // Names mostly differ in their first byte: decided here without a
    // call to memcmp.
    const int order =
        !entry.empty() && !name.empty() && entry[0] != name[0]
            ? (static_cast<uint8_t>(entry[0]) < static_cast<uint8_t>(name[0])
                   ? -1
                   : 1)
            : entry.compare(name);
    if (order == 0) return ValueView(p);
    // Entries are in name order: past `name`, it is absent.
    if (order > 0) return std::nullopt;
    p = ValueView(p).end();
  }
  return std::nullopt;
}

AttributeMap DecodePackedEntries(const char* p, size_t count) {
  std::vector<AttributeMap::value_type> entries;
  entries.reserve(count);
  ForEachPackedEntry(p, count, [&](absl::string_view name, ValueView value) {
    entries.emplace_back(std::string(name), value.Decode());
  });
  // Already in name order: FromEntries only checks it.
  return AttributeMap::FromEntries(std::move(entries));
}

}  // namespace store_internal
}  // namespace dynamite
