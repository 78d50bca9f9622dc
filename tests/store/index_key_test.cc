#include "store/index_key.h"

#include <compare>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/item.h"
#include "store/key_codec.h"
#include "store/number.h"
#include "store/packed_item.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;

AttributeValue Num(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }

AttributeValue Decimal(const std::string& text) {
  return AttributeValue::N(*Number::Parse(text));
}

PackedItemRef Pack(const Item& item) {
  return PackedItem::Pack(item, ItemSize(item));
}

// memcmp order of two byte strings, a proper prefix first.
std::strong_ordering Memcmp(const std::string& a, const std::string& b) {
  const int c = std::memcmp(a.data(), b.data(), std::min(a.size(), b.size()));
  if (c != 0)
    return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
  return a.size() <=> b.size();
}

// DynamoDB's order of two key values of one type: S and B by unsigned
// bytes, N numerically.
std::strong_ordering ValueOrder(const AttributeValue& a,
                                const AttributeValue& b) {
  if (a.type() == ValueType::kN) return a.n() <=> b.n();
  const std::string& x = a.type() == ValueType::kS ? a.s() : a.b();
  const std::string& y = b.type() == ValueType::kS ? b.s() : b.b();
  return Memcmp(x, y);
}

// Lexicographic order of two tuples whose values have the same types
// position by position, a proper prefix first.
std::strong_ordering TupleOrder(const std::vector<AttributeValue>& a,
                                const std::vector<AttributeValue>& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    const std::strong_ordering c = ValueOrder(a[i], b[i]);
    if (c != 0) return c;
  }
  return a.size() <=> b.size();
}

std::string EncodeTuple(const std::vector<AttributeValue>& values) {
  std::vector<std::string> encoded;
  for (const AttributeValue& value : values) {
    encoded.push_back(EncodeKeyValue(value));
  }
  return EncodeIndexKeyValues(encoded);
}

// Short byte strings over an alphabet that makes 0x00, 0xFF and prefixes of
// one another frequent.
std::string RandomBytes(std::mt19937& rng) {
  static constexpr char kAlphabet[] = {'\x00', '\x01', '\xff', 'a', '\xfe'};
  std::string bytes(std::uniform_int_distribution<int>(0, 4)(rng), '\0');
  for (char& c : bytes) {
    c = kAlphabet[std::uniform_int_distribution<int>(0, 4)(rng)];
  }
  return bytes;
}

AttributeValue RandomValue(ValueType type, std::mt19937& rng) {
  switch (type) {
    case ValueType::kS:
      return AttributeValue::S(RandomBytes(rng));
    case ValueType::kB:
      return AttributeValue::B(RandomBytes(rng));
    default: {
      // Quarters from -5 to 5: negatives, zero, fractions, equal values.
      const int quarters = std::uniform_int_distribution<int>(-20, 20)(rng);
      return Decimal(std::to_string(quarters / 4) + "." +
                     std::to_string(std::abs(quarters % 4) * 25));
    }
  }
}

TEST(IndexKeyTest, TupleEncodingOrderIsLexicographicTupleOrder) {
  // The types of one index's key attributes, position by position.
  const std::vector<std::vector<ValueType>> kSchemas = {
      {ValueType::kS, ValueType::kS},
      {ValueType::kS, ValueType::kN, ValueType::kB},
      {ValueType::kN, ValueType::kN},
      {ValueType::kB, ValueType::kS, ValueType::kN, ValueType::kS},
  };
  std::mt19937 rng(21);
  for (const std::vector<ValueType>& types : kSchemas) {
    for (int i = 0; i < 3000; ++i) {
      std::vector<AttributeValue> a, b;
      for (ValueType type : types) {
        a.push_back(RandomValue(type, rng));
        // Often equal at a position, so later positions decide.
        b.push_back(rng() % 3 == 0 ? a.back() : RandomValue(type, rng));
      }

      const std::string ea = EncodeTuple(a);
      const std::string eb = EncodeTuple(b);

      ASSERT_EQ(Memcmp(ea, eb), TupleOrder(a, b))
          << "a=" << absl::CHexEscape(ea) << " b=" << absl::CHexEscape(eb);
    }
  }
}

TEST(IndexKeyTest, ValuePrefixOrdersFirstWhateverFollows) {
  // "a" < "a\x00" < "a\x00\x00" < "a\x01", whatever the second value: the
  // 0x00 byte inside a value must not compare as a terminator.
  const std::vector<std::string> kOrdered = {"",
                                             "a",
                                             std::string("a\0", 2),
                                             std::string("a\0\0", 3),
                                             std::string("a\0\xff", 3),
                                             "a\x01",
                                             "a\xff",
                                             "a\xff\xff",
                                             "b"};
  for (size_t i = 0; i + 1 < kOrdered.size(); ++i) {
    SCOPED_TRACE(i);
    const std::string smaller = EncodeTuple(
        {AttributeValue::B(kOrdered[i]), AttributeValue::S("\xff\xff")});
    const std::string larger = EncodeTuple(
        {AttributeValue::B(kOrdered[i + 1]), AttributeValue::S("")});

    EXPECT_EQ(Memcmp(smaller, larger), std::strong_ordering::less);
  }
}

TEST(IndexKeyTest, TuplePrefixIsBytePrefixOfWholeTuple) {
  const std::vector<AttributeValue> tuple = {
      AttributeValue::S(std::string("x\0y", 3)), Num(-7),
      AttributeValue::B("\xff\x00"), AttributeValue::S("z")};
  const std::string whole = EncodeTuple(tuple);
  for (size_t k = 2; k < tuple.size(); ++k) {
    SCOPED_TRACE(k);
    std::string prefix;
    for (size_t i = 0; i < k; ++i) {
      AppendTupleValue(EncodeKeyValue(tuple[i]), prefix);
    }

    EXPECT_EQ(whole.substr(0, prefix.size()), prefix);
  }
}

TEST(IndexKeyTest, SingleValueEncodesAsTableKeyValue) {
  for (const AttributeValue& value :
       {AttributeValue::S("abc"), AttributeValue::S(std::string("\0\xff", 2)),
        Num(42), Decimal("-0.5"), AttributeValue::B("\x00\x01")}) {
    EXPECT_EQ(EncodeIndexKeyValues({EncodeKeyValue(value)}),
              EncodeKeyValue(value));
  }
}

IndexDefinition Gsi() {
  IndexDefinition index;
  index.name = "gsi";
  index.hash_keys = {{"g", KeyType::kS}};
  index.range_keys = {{"r", KeyType::kN}};
  return index;
}

IndexDefinition MultiAttributeGsi() {
  IndexDefinition index;
  index.name = "multi";
  index.hash_keys = {{"tenant", KeyType::kS}, {"region", KeyType::kS}};
  index.range_keys = {{"level", KeyType::kN}, {"tag", KeyType::kB}};
  return index;
}

TEST(IndexKeyTest, IndexKeyOfSingleAttributesIsTheirKeyEncoding) {
  const Item item{{"g", AttributeValue::S("red")}, {"r", Num(-3)}};

  const std::optional<IndexKey> key = IndexKeyOf(Gsi(), *Pack(item));

  ASSERT_TRUE(key.has_value());
  EXPECT_EQ(key->partition, "red");
  EXPECT_EQ(key->sort, EncodeKeyValue(Num(-3)));
}

TEST(IndexKeyTest, IndexKeyOfMultiAttributeKeyIsTupleOfValues) {
  const Item item{{"tenant", AttributeValue::S("acme")},
                  {"region", AttributeValue::S("eu")},
                  {"level", Num(2)},
                  {"tag", AttributeValue::B(std::string("\0t", 2))}};

  const std::optional<IndexKey> key =
      IndexKeyOf(MultiAttributeGsi(), *Pack(item));

  ASSERT_TRUE(key.has_value());
  EXPECT_EQ(key->partition,
            EncodeTuple({AttributeValue::S("acme"), AttributeValue::S("eu")}));
  EXPECT_EQ(key->sort,
            EncodeTuple({Num(2), AttributeValue::B(std::string("\0t", 2))}));
}

TEST(IndexKeyTest, IndexKeyOfIndexWithoutSortKeyHasEmptySort) {
  IndexDefinition index = Gsi();
  index.range_keys.clear();
  const Item item{{"g", AttributeValue::S("red")}};

  const std::optional<IndexKey> key = IndexKeyOf(index, *Pack(item));

  ASSERT_TRUE(key.has_value());
  EXPECT_EQ(key->partition, "red");
  EXPECT_EQ(key->sort, "");
}

TEST(IndexKeyTest, IndexKeyOfIsAbsentWithoutEveryKeyValue) {
  struct Case {
    const char* name;
    IndexDefinition index;
    Item item;
  };
  const Item multi{{"tenant", AttributeValue::S("acme")},
                   {"region", AttributeValue::S("eu")},
                   {"level", Num(2)},
                   {"tag", AttributeValue::B("t")}};
  auto without = [](Item item, const std::string& name) {
    item.erase(name);
    return item;
  };
  auto with = [](Item item, const std::string& name, AttributeValue value) {
    item[name] = std::move(value);
    return item;
  };
  const std::vector<Case> kCases = {
      {"missing hash", Gsi(), {{"r", Num(1)}}},
      {"missing range", Gsi(), {{"g", AttributeValue::S("x")}}},
      {"hash of wrong type", Gsi(), {{"g", Num(1)}, {"r", Num(1)}}},
      {"range of wrong type",
       Gsi(),
       {{"g", AttributeValue::S("x")}, {"r", AttributeValue::S("1")}}},
      {"empty string hash",
       Gsi(),
       {{"g", AttributeValue::S("")}, {"r", Num(1)}}},
      {"missing second hash attribute", MultiAttributeGsi(),
       without(multi, "region")},
      {"missing last range attribute", MultiAttributeGsi(),
       without(multi, "tag")},
      {"empty binary range attribute", MultiAttributeGsi(),
       with(multi, "tag", AttributeValue::B(""))},
      {"range attribute of wrong type", MultiAttributeGsi(),
       with(multi, "level", AttributeValue::S("2"))},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);

    EXPECT_FALSE(IndexKeyOf(c.index, *Pack(c.item)).has_value());
  }
}

TableDefinition TableWith(std::vector<IndexDefinition> indexes) {
  TableDefinition table;
  table.name = "t";
  table.key_schema.partition_key = {"pk", KeyType::kS};
  table.indexes = std::move(indexes);
  return table;
}

TEST(IndexKeyTest, CheckIndexKeysAcceptsAbsentAndWellTypedAttributes) {
  const TableDefinition table = TableWith({Gsi(), MultiAttributeGsi()});

  EXPECT_THAT(CheckIndexKeys(table, {{"pk", AttributeValue::S("a")}}), IsOk());
  EXPECT_THAT(CheckIndexKeys(table, {{"pk", AttributeValue::S("a")},
                                     {"g", AttributeValue::S("x")},
                                     {"level", Num(1)}}),
              IsOk());
}

TEST(IndexKeyTest, CheckIndexKeysRejectsWithDynamoDbMessages) {
  struct Case {
    const char* name;
    Item item;
    std::string message;
  };
  const std::vector<Case> kCases = {
      {"hash type mismatch",
       {{"g", Num(1)}},
       "One or more parameter values were invalid: Type mismatch for Index "
       "Key g Expected: S Actual: N IndexName: gsi"},
      {"range type mismatch",
       {{"r", AttributeValue::B("x")}},
       "One or more parameter values were invalid: Type mismatch for Index "
       "Key r Expected: N Actual: B IndexName: gsi"},
      {"multi-attribute type mismatch",
       {{"region", AttributeValue::Bool(true)}},
       "One or more parameter values were invalid: Type mismatch for Index "
       "Key region Expected: S Actual: BOOL IndexName: multi"},
      {"empty string",
       {{"g", AttributeValue::S("")}},
       "One or more parameter values are not valid. A value specified for a "
       "secondary index key is not supported. The AttributeValue for a key "
       "attribute cannot contain an empty string value. IndexName: gsi, "
       "IndexKey: g"},
      {"empty binary",
       {{"tag", AttributeValue::B("")}},
       "One or more parameter values are not valid. A value specified for a "
       "secondary index key is not supported. The AttributeValue for a key "
       "attribute cannot contain an empty binary value. IndexName: multi, "
       "IndexKey: tag"},
  };
  const TableDefinition table = TableWith({Gsi(), MultiAttributeGsi()});
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);

    EXPECT_THAT(CheckIndexKeys(table, c.item),
                IsError(ErrorKind::kValidation, c.message));
  }
}

}  // namespace
}  // namespace dynamite
