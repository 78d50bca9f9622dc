// AttributeValue: one DynamoDB value of any of the ten types.
//
// S and B hold bytes (S is UTF-8, B raw bytes); N holds an exact Number;
// sets hold their members in the order given (DynamoDB defines no order) and
// are never empty or duplicated once validated by ValidateAttributeValue().
// M maps attribute names to values in name order (an AttributeMap,
// store/attribute_map.h), so output is deterministic.
//
// An AttributeValue is 40 bytes (static_assert'ed in value.cc): a variant
// is as large as its largest alternative, here std::string (32 bytes), plus
// its index. An M's AttributeMap (one std::vector, 24 bytes) sits inline in
// the variant, so an M value costs one allocation (its entries), not two.
// A moved-from M value holds an empty map.
//
// Thread safety: a value type; const methods may be called concurrently.

#ifndef DYNAMITE_STORE_VALUE_H_
#define DYNAMITE_STORE_VALUE_H_

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

#include "store/attribute_map.h"
#include "store/number.h"

namespace dynamite {

// The order of the enumerators is the index of the alternative in
// AttributeValue's variant.
enum class ValueType : uint8_t {
  kS,
  kN,
  kB,
  kBool,
  kNull,
  kM,
  kL,
  kSS,
  kNS,
  kBS,
};

// S, N, B, BOOL and NULL: the types that hold no other value. They are
// the enumerators before kM (ValueType's order is the variant's, fixed).
constexpr bool IsScalar(ValueType type) { return type < ValueType::kM; }
static_assert(IsScalar(ValueType::kNull) && IsScalar(ValueType::kS) &&
              !IsScalar(ValueType::kM) && !IsScalar(ValueType::kBS));

// DynamoDB's type descriptor: "S", "N", "B", "BOOL", "NULL", "M", "L", "SS",
// "NS", "BS".
absl::string_view ValueTypeName(ValueType type);

class AttributeValue {
 public:
  // NULL.
  AttributeValue() : rep_(std::in_place_index<kNullIndex>) {}

  static AttributeValue S(std::string s);
  static AttributeValue N(Number n);
  static AttributeValue B(std::string bytes);
  static AttributeValue Bool(bool b);
  static AttributeValue Null();
  static AttributeValue M(AttributeMap m);
  static AttributeValue L(std::vector<AttributeValue> l);
  static AttributeValue SS(std::vector<std::string> ss);
  static AttributeValue NS(std::vector<Number> ns);
  static AttributeValue BS(std::vector<std::string> bs);

  ValueType type() const { return static_cast<ValueType>(rep_.index()); }

  // Accessors. REQUIRES: type() is the accessor's type.
  const std::string& s() const { return std::get<kSIndex>(rep_); }
  const Number& n() const { return std::get<kNIndex>(rep_); }
  const std::string& b() const { return std::get<kBIndex>(rep_); }
  bool boolean() const { return std::get<kBoolIndex>(rep_); }
  const AttributeMap& m() const { return std::get<kMIndex>(rep_); }
  const std::vector<AttributeValue>& l() const {
    return std::get<kLIndex>(rep_);
  }
  const std::vector<std::string>& ss() const {
    return std::get<kSSIndex>(rep_);
  }
  const std::vector<Number>& ns() const { return std::get<kNSIndex>(rep_); }
  const std::vector<std::string>& bs() const {
    return std::get<kBSIndex>(rep_);
  }

  AttributeMap& mutable_m() { return std::get<kMIndex>(rep_); }
  std::vector<AttributeValue>& mutable_l() { return std::get<kLIndex>(rep_); }

  // DynamoDB equality: same type and same value; numbers compare
  // numerically, sets as unordered sets, L and M deeply.
  friend bool operator==(const AttributeValue& a, const AttributeValue& b);

 private:
  static constexpr size_t kSIndex = 0, kNIndex = 1, kBIndex = 2, kBoolIndex = 3,
                          kNullIndex = 4, kMIndex = 5, kLIndex = 6,
                          kSSIndex = 7, kNSIndex = 8, kBSIndex = 9;
  struct NullTag {
    friend bool operator==(NullTag, NullTag) { return true; }
  };

  template <size_t I, typename T>
  static AttributeValue Make(T&& value) {
    AttributeValue v;
    v.rep_.template emplace<I>(std::forward<T>(value));
    return v;
  }

  std::variant<std::string, Number, std::string, bool, NullTag, AttributeMap,
               std::vector<AttributeValue>, std::vector<std::string>,
               std::vector<Number>, std::vector<std::string>>
      rep_;
};

namespace store_internal {
// What a ListEntry's name can be made from.
template <typename K>
concept ListEntryName = std::is_constructible_v<std::string, K&&>;
}  // namespace store_internal

// See AttributeMap's initializer_list constructor: the members are mutable
// so that it can move them out of the (const) list. Implicit, so that
// `{"name", value}` and an existing entry both make one.
struct AttributeMap::ListEntry {
  template <store_internal::ListEntryName K>
  // NOLINTNEXTLINE(google-explicit-constructor)
  ListEntry(K&& entry_name, AttributeValue entry_value)
      : name(std::forward<K>(entry_name)), value(std::move(entry_value)) {}
  // NOLINTNEXTLINE(google-explicit-constructor)
  ListEntry(const value_type& entry) : name(entry.first), value(entry.second) {}

  mutable std::string name;
  mutable AttributeValue value;
};

// DynamoDB's documented nesting limit for M and L (a top-level attribute may
// hold 31 nested containers; see reference §1.4).
inline constexpr int kMaxNestingDepth = 32;

// Checks the rules DynamoDB applies to every value written: no empty set, no
// duplicate set member (NS members compared numerically), NULL only true
// (enforced by construction), nesting within kMaxNestingDepth. Returns a
// kValidation error with DynamoDB's message.
absl::Status ValidateAttributeValue(const AttributeValue& value);

// DynamoDB's size of a value in bytes (item-size rule, reference §4).
int64_t ValueSize(const AttributeValue& value);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_VALUE_H_
