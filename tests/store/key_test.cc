#include "store/key.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/item.h"
#include "store/key_codec.h"
#include "store/number.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::IsOkAndHolds;

constexpr char kMismatch[] =
    "The provided key element does not match the schema";
constexpr char kPartitionTooLarge[] =
    "One or more parameter values were invalid: Size of hashkey has exceeded "
    "the maximum size limit of2048 bytes";
constexpr char kSortTooLarge[] =
    "One or more parameter values were invalid: Aggregated size of all range "
    "keys has exceeded the size limit of 1024 bytes";

std::string EmptyString(const std::string& name) {
  return "One or more parameter values are not valid. The AttributeValue for "
         "a key attribute cannot contain an empty string value. Key: " +
         name;
}
std::string EmptyBinary(const std::string& name) {
  return "One or more parameter values are not valid. The AttributeValue for "
         "a key attribute cannot contain an empty binary value. Key: " +
         name;
}

AttributeValue NumValue(const std::string& text) {
  return AttributeValue::N(*Number::Parse(text));
}

// Partition key "pk" (S) only.
KeySchema HashSchema() { return KeySchema{{"pk", KeyType::kS}, std::nullopt}; }

// Partition key "pk" (S) and sort key "sk" (N).
KeySchema CompositeSchema() {
  return KeySchema{{"pk", KeyType::kS}, KeyAttribute{"sk", KeyType::kN}};
}

// Partition key "pb" (B) and sort key "sb" (B).
KeySchema BinarySchema() {
  return KeySchema{{"pb", KeyType::kB}, KeyAttribute{"sb", KeyType::kB}};
}

TEST(KeyTest, NamesKeyTypes) {
  EXPECT_EQ(KeyTypeName(KeyType::kS), "S");
  EXPECT_EQ(KeyTypeName(KeyType::kN), "N");
  EXPECT_EQ(KeyTypeName(KeyType::kB), "B");
  EXPECT_EQ(ValueTypeOf(KeyType::kS), ValueType::kS);
  EXPECT_EQ(ValueTypeOf(KeyType::kN), ValueType::kN);
  EXPECT_EQ(ValueTypeOf(KeyType::kB), ValueType::kB);
}

TEST(KeyTest, RecognizesKeyAttributes) {
  EXPECT_TRUE(CompositeSchema().is_key_attribute("pk"));
  EXPECT_TRUE(CompositeSchema().is_key_attribute("sk"));
  EXPECT_FALSE(CompositeSchema().is_key_attribute("other"));
  EXPECT_FALSE(HashSchema().is_key_attribute("sk"));
  EXPECT_FALSE(HashSchema().is_key_attribute(""));
}

TEST(KeyTest, ExtractKeyEncodesAValidKey) {
  const Item key = {{"pk", AttributeValue::S("user#1")},
                    {"sk", NumValue("1.50")}};

  EXPECT_THAT(ExtractKey(CompositeSchema(), key),
              IsOkAndHolds(EncodedKey{"user#1",
                                      EncodeNumberKey(*Number::Parse("1.5"))}));
  EXPECT_THAT(ExtractKey(HashSchema(), {{"pk", AttributeValue::S("a")}}),
              IsOkAndHolds(EncodedKey{"a", ""}));
}

TEST(KeyTest, ExtractKeyTreatsNumberSpellingsAsOneKey) {
  const Item a = {{"pk", AttributeValue::S("p")}, {"sk", NumValue("1000")}};
  const Item b = {{"pk", AttributeValue::S("p")}, {"sk", NumValue("1E+3")}};

  EXPECT_EQ(*ExtractKey(CompositeSchema(), a),
            *ExtractKey(CompositeSchema(), b));
}

TEST(KeyTest, ExtractKeyRejectsKeysThatDoNotMatchTheSchema) {
  const std::vector<Item> bad = {
      {},
      {{"pk", AttributeValue::S("a")}},  // sort key missing
      {{"sk", NumValue("1")}},           // partition key missing
      {{"pk", AttributeValue::S("a")}, {"other", NumValue("1")}},
      {{"pk", AttributeValue::S("a")},
       {"sk", NumValue("1")},
       {"extra", AttributeValue::S("x")}},
      {{"pk", NumValue("1")}, {"sk", NumValue("1")}},  // wrong type
      {{"pk", AttributeValue::S("a")}, {"sk", AttributeValue::S("1")}},
      {{"pk", AttributeValue::SS({"a"})}, {"sk", NumValue("1")}},
  };
  for (const Item& key : bad) {
    EXPECT_THAT(ExtractKey(CompositeSchema(), key),
                IsError(ErrorKind::kValidation, kMismatch));
  }
  EXPECT_THAT(ExtractKey(HashSchema(), {{"pk", AttributeValue::S("a")},
                                        {"sk", NumValue("1")}}),
              IsError(ErrorKind::kValidation, kMismatch));
}

TEST(KeyTest, ExtractKeyRejectsEmptyStringAndBinaryValues) {
  EXPECT_THAT(ExtractKey(CompositeSchema(), {{"pk", AttributeValue::S("")},
                                             {"sk", NumValue("1")}}),
              IsError(ErrorKind::kValidation, EmptyString("pk")));
  EXPECT_THAT(ExtractKey(BinarySchema(), {{"pb", AttributeValue::B("x")},
                                          {"sb", AttributeValue::B("")}}),
              IsError(ErrorKind::kValidation, EmptyBinary("sb")));
  EXPECT_THAT(ExtractKey(BinarySchema(), {{"pb", AttributeValue::B("")},
                                          {"sb", AttributeValue::B("")}}),
              IsError(ErrorKind::kValidation, EmptyBinary("pb")));
}

TEST(KeyTest, ExtractKeyAcceptsKeysAtTheSizeLimits) {
  const Item key = {{"pb", AttributeValue::B(std::string(2048, '\0'))},
                    {"sb", AttributeValue::B(std::string(1024, '\xff'))}};

  EXPECT_THAT(ExtractKey(BinarySchema(), key), IsOk());
}

TEST(KeyTest, ExtractKeyRejectsKeysOneBytePastTheSizeLimits) {
  EXPECT_THAT(ExtractKey(BinarySchema(),
                         {{"pb", AttributeValue::B(std::string(2049, 'x'))},
                          {"sb", AttributeValue::B("x")}}),
              IsError(ErrorKind::kValidation, kPartitionTooLarge));
  EXPECT_THAT(ExtractKey(BinarySchema(),
                         {{"pb", AttributeValue::B("x")},
                          {"sb", AttributeValue::B(std::string(1025, 'x'))}}),
              IsError(ErrorKind::kValidation, kSortTooLarge));
}

TEST(KeyTest, MeasuresStringKeysInUtf8Bytes) {
  std::string e_acute_1024;  // 1024 characters, 2048 bytes
  for (int i = 0; i < 1024; ++i) e_acute_1024 += "\xc3\xa9";

  EXPECT_THAT(
      ExtractKey(HashSchema(), {{"pk", AttributeValue::S(e_acute_1024)}}),
      IsOk());
  EXPECT_THAT(
      ExtractKey(HashSchema(), {{"pk", AttributeValue::S(e_acute_1024 + "a")}}),
      IsError(ErrorKind::kValidation, kPartitionTooLarge));
}

TEST(KeyTest, NumberKeysHaveNoByteLimit) {
  const Item key = {{"pk", AttributeValue::S("p")},
                    {"sk", NumValue("-9." + std::string(37, '9') + "e125")}};

  EXPECT_THAT(ExtractKey(CompositeSchema(), key), IsOk());
}

TEST(KeyTest, ExtractKeyChecksSchemaThenEmptinessThenSize) {
  // Schema before emptiness: an empty partition key with a missing sort key.
  EXPECT_THAT(ExtractKey(CompositeSchema(), {{"pk", AttributeValue::S("")}}),
              IsError(ErrorKind::kValidation, kMismatch));
  // Emptiness before size: a too-large partition key and an empty sort key.
  EXPECT_THAT(ExtractKey(BinarySchema(),
                         {{"pb", AttributeValue::B(std::string(2049, 'x'))},
                          {"sb", AttributeValue::B("")}}),
              IsError(ErrorKind::kValidation, EmptyBinary("sb")));
}

TEST(KeyTest, ExtractKeyBytesBorrowsStringAndBinaryValues) {
  const Item composite = {{"pk", AttributeValue::S("user#1")},
                          {"sk", NumValue("1.50")}};
  const Item binary = {{"pb", AttributeValue::B("\x01\x02")},
                       {"sb", AttributeValue::B("\xff")}};

  absl::StatusOr<BorrowedKey> key =
      ExtractKeyBytes(CompositeSchema(), composite);
  ASSERT_THAT(key, IsOk());
  EXPECT_EQ(key->partition.view().data(), composite.at("pk").s().data());
  EXPECT_EQ(key->sort, KeyBytes(EncodeNumberKey(*Number::Parse("1.5"))));
  key = ExtractKeyBytes(BinarySchema(), binary);
  ASSERT_THAT(key, IsOk());
  EXPECT_EQ(key->partition.view().data(), binary.at("pb").b().data());
  EXPECT_EQ(key->sort.view().data(), binary.at("sb").b().data());
  key = ExtractKeyBytes(HashSchema(), {{"pk", AttributeValue::S("a")}});
  ASSERT_THAT(key, IsOk());
  EXPECT_EQ(key->sort, KeyBytes());
}

// ExtractKeyBytes makes the same checks as ExtractKey, in the same order,
// with the same errors, and encodes the same bytes.
TEST(KeyTest, ExtractKeyBytesAgreesWithExtractKey) {
  const std::vector<std::pair<KeySchema, Item>> cases = {
      {CompositeSchema(),
       {{"pk", AttributeValue::S("u")}, {"sk", NumValue("7")}}},
      {HashSchema(), {{"pk", AttributeValue::S("a")}}},
      {CompositeSchema(), {}},
      {CompositeSchema(), {{"pk", AttributeValue::S("")}}},
      {CompositeSchema(), {{"pk", NumValue("1")}, {"sk", NumValue("1")}}},
      {HashSchema(), {{"pk", AttributeValue::S("a")}, {"sk", NumValue("1")}}},
      {CompositeSchema(),
       {{"pk", AttributeValue::S("")}, {"sk", NumValue("1")}}},
      {BinarySchema(),
       {{"pb", AttributeValue::B(std::string(2049, 'x'))},
        {"sb", AttributeValue::B("")}}},
      {BinarySchema(),
       {{"pb", AttributeValue::B(std::string(2049, 'x'))},
        {"sb", AttributeValue::B("x")}}},
      {BinarySchema(),
       {{"pb", AttributeValue::B("x")},
        {"sb", AttributeValue::B(std::string(1025, 'x'))}}},
  };
  for (const auto& [schema, key] : cases) {
    const absl::StatusOr<EncodedKey> owned = ExtractKey(schema, key);
    const absl::StatusOr<BorrowedKey> borrowed = ExtractKeyBytes(schema, key);
    ASSERT_EQ(owned.status(), borrowed.status());
    if (!owned.ok()) continue;
    EXPECT_EQ(borrowed->partition.view(), owned->partition);
    EXPECT_EQ(borrowed->sort.view(), owned->sort);
  }
}

TEST(KeyTest, ExtractItemKeyIgnoresNonKeyAttributes) {
  const Item item = {{"pk", AttributeValue::S("a")},
                     {"sk", NumValue("2")},
                     {"data", AttributeValue::SS({"x"})}};

  EXPECT_THAT(
      ExtractItemKey(CompositeSchema(), item),
      IsOkAndHolds(EncodedKey{"a", EncodeNumberKey(Number::FromInt(2))}));
}

TEST(KeyTest, ExtractItemKeyReportsAMissingKey) {
  EXPECT_THAT(ExtractItemKey(CompositeSchema(), {{"sk", NumValue("1")}}),
              IsError(ErrorKind::kValidation,
                      "One or more parameter values were invalid: Missing the "
                      "key pk in the item"));
  EXPECT_THAT(
      ExtractItemKey(CompositeSchema(), {{"pk", AttributeValue::S("a")}}),
      IsError(ErrorKind::kValidation,
              "One or more parameter values were invalid: Missing the "
              "key sk in the item"));
}

TEST(KeyTest, ExtractItemKeyReportsATypeMismatch) {
  EXPECT_THAT(
      ExtractItemKey(CompositeSchema(),
                     {{"pk", NumValue("1")}, {"sk", NumValue("1")}}),
      IsError(ErrorKind::kValidation,
              "One or more parameter values were invalid: Type mismatch for "
              "key pk expected: S actual: N"));
  EXPECT_THAT(
      ExtractItemKey(CompositeSchema(), {{"pk", AttributeValue::S("a")},
                                         {"sk", AttributeValue::SS({"1"})}}),
      IsError(ErrorKind::kValidation,
              "One or more parameter values were invalid: Type mismatch for "
              "key sk expected: N actual: SS"));
}

TEST(KeyTest, ExtractItemKeyChecksEmptinessAndSize) {
  EXPECT_THAT(ExtractItemKey(HashSchema(), {{"pk", AttributeValue::S("")}}),
              IsError(ErrorKind::kValidation, EmptyString("pk")));
  EXPECT_THAT(
      ExtractItemKey(HashSchema(),
                     {{"pk", AttributeValue::S(std::string(2049, 'x'))}}),
      IsError(ErrorKind::kValidation, kPartitionTooLarge));
  EXPECT_THAT(
      ExtractItemKey(HashSchema(),
                     {{"pk", AttributeValue::S(std::string(2048, 'x'))}}),
      IsOk());
}

TEST(KeyTest, CheckKeyValueUsesTheLimitOfItsRole) {
  const KeySchema schema{{"pk", KeyType::kS}, KeyAttribute{"sk", KeyType::kS}};
  const AttributeValue s1024 = AttributeValue::S(std::string(1024, 'x'));
  const AttributeValue s1025 = AttributeValue::S(std::string(1025, 'x'));

  EXPECT_THAT(CheckKeyValue(schema, s1025, KeyRole::kPartition), IsOk());
  EXPECT_THAT(CheckKeyValue(schema, s1024, KeyRole::kSort), IsOk());
  EXPECT_THAT(CheckKeyValue(schema, s1025, KeyRole::kSort),
              IsError(ErrorKind::kValidation, kSortTooLarge));
  EXPECT_THAT(CheckKeyValue(schema, AttributeValue::S(""), KeyRole::kSort),
              IsError(ErrorKind::kValidation, EmptyString("sk")));
  EXPECT_THAT(CheckKeyValue(schema, AttributeValue::S(""), KeyRole::kPartition),
              IsError(ErrorKind::kValidation, EmptyString("pk")));
}

TEST(KeyTest, KeyOfCopiesOnlyTheKeyAttributes) {
  const Item item = {{"pk", AttributeValue::S("a")},
                     {"sk", NumValue("2")},
                     {"data", AttributeValue::Bool(true)}};

  const PackedItemRef packed = PackedItem::Pack(item, ItemSize(item));
  EXPECT_EQ(KeyOf(CompositeSchema(), *packed),
            (Item{{"pk", AttributeValue::S("a")}, {"sk", NumValue("2")}}));
  EXPECT_EQ(KeyOf(HashSchema(), *packed),
            (Item{{"pk", AttributeValue::S("a")}}));
}

}  // namespace
}  // namespace dynamite
