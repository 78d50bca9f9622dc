#include "wire/value_json.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/item_ptr.h"
#include "store/number.h"
#include "store/value.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;

// JSON in, canonical JSON out.
struct RoundTripCase {
  std::string name;
  std::string json;
  std::string expected;
};

// The JSON WriteItem writes of `item`: made by MakeItemPtr, packed as a
// table stores it and written in place; by MakeUnpackedItemPtr, as an
// answer's projection is held, written from its decoded form.
std::string ItemJson(const ItemPtr& item) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteItem(item, writer);
  return JsonText(buffer);
}

// A set is stored sorted (S and B by unsigned bytes, N by value), so a
// stored item answers with its sets in that order whatever order they were
// written in; a value not stored keeps the order it was given.
TEST(ValueJsonTest, PackedSetsComeOutSorted) {
  absl::StatusOr<AttributeMap> item = AttributeMapFromJson(
      R"({"ss":{"SS":["b","é","B","a"]},"ns":{"NS":["10","-2","9.5","0.1"]},)"
      R"("bs":{"BS":["/w==","AA==","YQ=="]}})");
  ASSERT_THAT(item, IsOk());
  EXPECT_EQ(ItemJson(MakeItemPtr(*item)),
            R"({"bs":{"BS":["AA==","YQ==","/w=="]},)"
            R"("ns":{"NS":["-2","0.1","9.5","10"]},)"
            "\"ss\":{\"SS\":[\"B\",\"a\",\"b\",\"\xc3\xa9\"]}}");
  EXPECT_EQ(AttributeValueToJson(item->at("ss")),
            "{\"SS\":[\"b\",\"\xc3\xa9\",\"B\",\"a\"]}");
}

TEST(ValueJsonTest, DecodesAndEncodesEveryType) {
  const std::vector<RoundTripCase> cases = {
      {"S", R"({"S":"text"})", R"({"S":"text"})"},
      {"EmptyS", R"({"S":""})", R"({"S":""})"},
      {"N", R"({"N":"12.5"})", R"({"N":"12.5"})"},
      {"NCanonical", R"({"N":"+001.50"})", R"({"N":"1.5"})"},
      {"NExponent", R"({"N":"1e3"})", R"({"N":"1000"})"},
      {"B", R"({"B":"AAEC/w=="})", R"({"B":"AAEC/w=="})"},
      {"EmptyB", R"({"B":""})", R"({"B":""})"},
      {"BoolTrue", R"({"BOOL":true})", R"({"BOOL":true})"},
      {"BoolFalse", R"({"BOOL":false})", R"({"BOOL":false})"},
      {"BoolFromString", R"({"BOOL":"TRUE"})", R"({"BOOL":true})"},
      {"Null", R"({"NULL":true})", R"({"NULL":true})"},
      {"M", R"({"M":{"b":{"N":"2"},"a":{"S":"x"}}})",
       R"({"M":{"a":{"S":"x"},"b":{"N":"2"}}})"},
      {"EmptyM", R"({"M":{}})", R"({"M":{}})"},
      {"L", R"({"L":[{"S":"x"},{"BOOL":true},{"L":[]}]})",
       R"({"L":[{"S":"x"},{"BOOL":true},{"L":[]}]})"},
      // In order already: a stored set is sorted (PackedSetsComeOutSorted).
      {"SS", R"({"SS":["a","b"]})", R"({"SS":["a","b"]})"},
      {"NS", R"({"NS":["-0.0","1.50","1e2"]})", R"({"NS":["0","1.5","100"]})"},
      {"BS", R"({"BS":["YQ==","Yg=="]})", R"({"BS":["YQ==","Yg=="]})"},
      {"UnknownTypeKeyIgnored", R"({"S":"a","X":[1,2]})", R"({"S":"a"})"},
      {"NullTypeMemberIgnored", R"({"S":"a","N":null})", R"({"S":"a"})"},
      {"Nul", R"({"S":"a\u0000b"})", R"({"S":"a\u0000b"})"},
      {"Utf8", R"({"S":"\u00e9\ud83d\ude00"})",
       "{\"S\":\"\xc3\xa9\xf0\x9f\x98\x80\"}"},
      {"Escapes", R"({"S":"q\"b\\n\n"})", R"({"S":"q\"b\\n\n"})"},
  };
  for (const RoundTripCase& c : cases) {
    SCOPED_TRACE(c.name);

    absl::StatusOr<AttributeValue> value = AttributeValueFromJson(c.json);

    ASSERT_THAT(value, IsOk());
    EXPECT_EQ(AttributeValueToJson(*value), c.expected);
    // A stored item's values are written from their packed form alike,
    // and an answer's unpacked item (a projection) from its decoded form.
    const Item item = {{"v", *value}};
    EXPECT_EQ(ItemJson(MakeItemPtr(item)),
              absl::StrCat(R"({"v":)", c.expected, "}"));
    EXPECT_EQ(ItemJson(MakeUnpackedItemPtr(item)),
              absl::StrCat(R"({"v":)", c.expected, "}"));
  }
}

TEST(ValueJsonTest, WritesANullItemAsAnEmptyObject) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteItem(nullptr, writer);
  EXPECT_EQ(JsonText(buffer), "{}");
}

TEST(ValueJsonTest, DecodesBinaryBytes) {
  absl::StatusOr<AttributeValue> value =
      AttributeValueFromJson(R"({"B":"AAEC/w=="})");

  ASSERT_THAT(value, IsOk());
  EXPECT_EQ(value->b(), std::string("\x00\x01\x02\xff", 4));
}

TEST(ValueJsonTest, DecodesNumbersExactly) {
  absl::StatusOr<AttributeValue> value = AttributeValueFromJson(
      R"({"N":"31415926535897932384626433832795028841e30"})");

  ASSERT_THAT(value, IsOk());
  EXPECT_EQ(value->type(), ValueType::kN);
  EXPECT_EQ(value->n().significant_digits(), 38);
}

struct ErrorCase {
  std::string name;
  std::string json;
  ErrorKind kind;
  std::string message;
};

constexpr ErrorKind kSer = ErrorKind::kSerialization;
constexpr ErrorKind kVal = ErrorKind::kValidation;
const char kEmpty[] =
    "Supplied AttributeValue is empty, must contain exactly one of the "
    "supported datatypes";
const char kTwoTypes[] =
    "Supplied AttributeValue has more than one datatypes set, must contain "
    "exactly one of the supported datatypes";
const char kStructure[] = "Start of structure or map found where not expected";
const char kBadBase64[] = "Invalid last non-pad Base64 character dectected";

TEST(ValueJsonTest, RejectsValuesAsDynamoDbDoes) {
  const std::vector<ErrorCase> cases = {
      // Validation: well-typed values DynamoDB rejects.
      {"Empty", R"({})", kVal, kEmpty},
      {"OnlyUnknownKey", R"({"a":""})", kVal, kEmpty},
      {"NullValue", R"(null)", kVal, kEmpty},
      {"OnlyNullMember", R"({"S":null})", kVal, kEmpty},
      {"TwoTypes", R"({"S":"a","N":"1"})", kVal, kTwoTypes},
      {"NumberCheckedBeforeTypeCount", R"({"S":"a","N":"b"})", kVal,
       "The parameter cannot be converted to a numeric value: b"},
      {"BadNumber", R"({"N":"dog"})", kVal,
       "The parameter cannot be converted to a numeric value: dog"},
      {"EmptyNumber", R"({"N":""})", kVal,
       "The parameter cannot be converted to a numeric value"},
      {"NumberTooPrecise", R"({"N":"123456789012345678901234567890123456789"})",
       kVal, "Attempting to store more than 38 significant digits in a Number"},
      {"NumberOverflow", R"({"N":"1e126"})", kVal,
       "Number overflow. Attempting to store a number with magnitude larger "
       "than supported range"},
      {"NumberInSet", R"({"NS":["1","x"]})", kVal,
       "The parameter cannot be converted to a numeric value: x"},
      {"NullFalse", R"({"NULL":false})", kVal,
       "One or more parameter values were invalid: Null attribute value types "
       "must have the value of true"},
      {"NullNo", R"({"NULL":"no"})", kVal,
       "One or more parameter values were invalid: Null attribute value types "
       "must have the value of true"},
      {"EmptyInMap", R"({"M":{"a":{}}})", kVal, kEmpty},
      {"EmptyInList", R"({"L":[{}]})", kVal, kEmpty},
      {"NullInList", R"({"L":[null]})", kVal, kEmpty},
      // Serialization: JSON types that do not fit.
      {"NumberAsJsonNumber", R"({"N":5})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"NumberAsJsonDecimal", R"({"N":5.5})", kSer,
       "DECIMAL_VALUE cannot be converted to String"},
      {"StringTrue", R"({"S":true})", kSer,
       "TRUE_VALUE cannot be converted to String"},
      {"StringFalse", R"({"S":false})", kSer,
       "FALSE_VALUE cannot be converted to String"},
      {"StringList", R"({"S":[]})", kSer,
       "Unrecognized collection type class java.lang.String"},
      {"StringObject", R"({"S":{}})", kSer, kStructure},
      {"BoolString", R"({"BOOL":"23"})", kSer,
       "Unexpected token received from parser"},
      {"BoolNumber", R"({"BOOL":23})", kSer,
       "NUMBER_VALUE cannot be converted to Boolean"},
      {"BoolDecimal", R"({"BOOL":34.56})", kSer,
       "DECIMAL_VALUE cannot be converted to Boolean"},
      {"BoolList", R"({"BOOL":[]})", kSer,
       "Unrecognized collection type class java.lang.Boolean"},
      {"BoolObject", R"({"NULL":{}})", kSer, kStructure},
      {"BinaryNumber", R"({"B":23})", kSer,
       "only base-64-encoded strings are convertible to bytes"},
      {"BinaryBool", R"({"B":true})", kSer,
       "only base-64-encoded strings are convertible to bytes"},
      {"BinaryList", R"({"B":[]})", kSer,
       "Unrecognized collection type class java.nio.ByteBuffer"},
      {"BinaryObject", R"({"B":{}})", kSer, kStructure},
      {"Base64Length", R"({"B":"23456"})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: 5"},
      {"Base64MissingPadding", R"({"B":"YWJjZGVmZ2g"})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: "
       "11"},
      {"Base64BadCharacters", R"({"B":"YWJj??!!"})", kSer, kBadBase64},
      {"Base64LeadingPad", R"({"B":"=+/="})", kSer, kBadBase64},
      {"Base64TrailingBits", R"({"B":"+/+="})", kSer, kBadBase64},
      {"Base64TrailingBitsTwoPads", R"({"B":"YR=="})", kSer, kBadBase64},
      {"Base64ThreePads", R"({"B":"Y==="})", kSer, kBadBase64},
      {"Base64UrlAlphabet", R"({"B":"-_-_"})", kSer, kBadBase64},
      {"Base64InSet", R"({"BS":["YQ==","YQ"]})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: 2"},
      {"SetScalar", R"({"SS":"a"})", kSer, "Unexpected field type"},
      {"SetObject", R"({"NS":{}})", kSer, kStructure},
      {"SetMember", R"({"SS":[5]})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"ListScalar", R"({"L":"a"})", kSer, "Unexpected field type"},
      {"ListElementScalar", R"({"L":[5]})", kSer,
       "Unexpected value type in payload"},
      {"ListElementList", R"({"L":[[]]})", kSer,
       "Unrecognized collection type class "
       "com.amazonaws.dynamodb.v20120810.AttributeValue"},
      {"MapScalar", R"({"M":"x"})", kSer, "Unexpected field type"},
      {"MapList", R"({"M":[]})", kSer,
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "com.amazonaws.dynamodb.v20120810.AttributeValue>"},
      {"MapValueScalar", R"({"M":{"a":"x"}})", kSer,
       "Unexpected value type in payload"},
      {"ValueScalar", R"("x")", kSer, "Unexpected value type in payload"},
      {"ValueList", R"([])", kSer,
       "Unrecognized collection type class "
       "com.amazonaws.dynamodb.v20120810.AttributeValue"},
      // A type error anywhere wins over an earlier validation error.
      {"TypeErrorAfterInvalidValue", R"({"L":[{},{"N":5}]})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"TypeErrorAfterTwoTypes", R"({"S":"a","BOOL":[]})", kSer,
       "Unrecognized collection type class java.lang.Boolean"},
      // Malformed JSON: no message.
      {"Malformed", R"({"S":)", kSer, ""},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);

    absl::StatusOr<AttributeValue> value = AttributeValueFromJson(c.json);

    EXPECT_THAT(value, IsError(c.kind, c.message));
  }
}

// `depth` containers of `open`...`close` around an empty string value.
std::string Nested(int depth, absl::string_view open, absl::string_view close) {
  std::string json;
  for (int i = 0; i < depth; ++i) absl::StrAppend(&json, open);
  absl::StrAppend(&json, R"({"S":""})");
  for (int i = 0; i < depth; ++i) absl::StrAppend(&json, close);
  return json;
}

const char kTooDeep[] =
    "Nesting Levels have exceeded supported limits: Attributes in the item "
    "have nested levels beyond supported limit";

TEST(ValueJsonTest, DeepNestingIsAnErrorNotACrash) {
  for (int depth : {1000, 200000}) {
    SCOPED_TRACE(depth);

    EXPECT_THAT(AttributeValueFromJson(Nested(depth, R"({"L":[)", "]}")),
                IsError(kVal, kTooDeep));
    EXPECT_THAT(AttributeValueFromJson(Nested(depth, R"({"M":{"a":)", "}}")),
                IsError(kVal, kTooDeep));
  }
}

TEST(ValueJsonTest, NestingBoundLeavesTheLimitToTheStore) {
  // The store rejects values past DynamoDB's limit; wire only stops
  // descending one container later, so it never decides the limit itself.
  EXPECT_THAT(
      AttributeValueFromJson(Nested(kMaxNestingDepth + 1, R"({"L":[)", "]}")),
      IsOk());
  EXPECT_THAT(
      AttributeValueFromJson(Nested(kMaxNestingDepth + 2, R"({"L":[)", "]}")),
      IsError(kVal, kTooDeep));
}

TEST(ValueJsonTest, DeepUnknownMembersAreIgnored) {
  std::string deep(200000, '[');
  deep.append(200000, ']');

  EXPECT_THAT(
      AttributeValueFromJson(absl::StrCat(R"({"S":"a","X":)", deep, "}")),
      IsOk());
}

TEST(ValueJsonTest, AttributeMapKeepsTheLastOfARepeatedName) {
  absl::StatusOr<AttributeMap> map =
      AttributeMapFromJson(R"({"a":{"S":"1"},"b":{"N":"2"},"a":{"S":"3"}})");

  ASSERT_THAT(map, IsOk());
  EXPECT_EQ(AttributeMapToJson(*map), R"({"a":{"S":"3"},"b":{"N":"2"}})");
}

TEST(ValueJsonTest, MapValueKeepsTheLastOfARepeatedName) {
  absl::StatusOr<AttributeValue> value = AttributeValueFromJson(
      R"({"M":{"b":{"S":"1"},"a":{"N":"2"},"b":{"S":"3"}}})");

  ASSERT_THAT(value, IsOk());
  EXPECT_EQ(AttributeValueToJson(*value),
            R"({"M":{"a":{"N":"2"},"b":{"S":"3"}}})");
}

// An item may hold tens of thousands of attributes (only its 400 KB size is
// limited). Decoding them in an order other than name order must not insert
// one by one into the flat map, which would take minutes: these tests finish
// in well under a second when the decoder sorts once.
constexpr int kManyAttributes = 60000;

// The names of kManyAttributes attributes, in name order.
std::vector<std::string> ManyNames() {
  std::vector<std::string> names;
  for (int i = 0; i < kManyAttributes; ++i) {
    names.push_back(absl::StrFormat("a%05d", i));
  }
  return names;
}

// A JSON object of the attributes `names`, in that order, each the S value
// of its own name.
std::string ObjectOf(const std::vector<std::string>& names) {
  return absl::StrCat(
      "{",
      absl::StrJoin(names, ",",
                    [](std::string* out, const std::string& name) {
                      absl::StrAppend(out, R"(")", name, R"(":{"S":")", name,
                                      R"("})");
                    }),
      "}");
}

// Checks that `map` holds exactly `names` (in name order), each mapped to
// its own name.
void ExpectHoldsManyNames(const AttributeMap& map,
                          const std::vector<std::string>& names) {
  ASSERT_EQ(map.size(), names.size());
  size_t i = 0;
  for (const auto& [name, value] : map) {
    ASSERT_EQ(name, names[i]);
    ASSERT_EQ(value, AttributeValue::S(name));
    ++i;
  }
}

TEST(ValueJsonTest, DecodesAnItemOfManyAttributesInReverseOrder) {
  const std::vector<std::string> names = ManyNames();
  std::vector<std::string> reversed(names.rbegin(), names.rend());

  absl::StatusOr<AttributeMap> map = AttributeMapFromJson(ObjectOf(reversed));

  ASSERT_THAT(map, IsOk());
  ExpectHoldsManyNames(*map, names);
}

TEST(ValueJsonTest, DecodesAnItemOfManyAttributesInRandomOrder) {
  const std::vector<std::string> names = ManyNames();
  std::vector<std::string> shuffled = names;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(20260));

  absl::StatusOr<AttributeMap> map = AttributeMapFromJson(ObjectOf(shuffled));

  ASSERT_THAT(map, IsOk());
  ExpectHoldsManyNames(*map, names);
}

TEST(ValueJsonTest, DecodesAMapValueOfManyMembersInReverseOrder) {
  const std::vector<std::string> names = ManyNames();
  std::vector<std::string> reversed(names.rbegin(), names.rend());

  absl::StatusOr<AttributeValue> value =
      AttributeValueFromJson(absl::StrCat(R"({"M":)", ObjectOf(reversed), "}"));

  ASSERT_THAT(value, IsOk());
  ASSERT_EQ(value->type(), ValueType::kM);
  ExpectHoldsManyNames(value->m(), names);
}

TEST(ValueJsonTest, AttributeMapReportsWhichAttributeFailed) {
  JsonDocument doc;
  ASSERT_TRUE(ParseJson(R"({"a":{"S":"1"},"b":{},"c":{"N":"x"}})", doc));
  ValueErrors errors;

  DecodeAttributeMap(doc, errors);

  EXPECT_THAT(errors.serialization, IsOk());
  EXPECT_THAT(errors.validation, IsError(kVal, kEmpty));
  EXPECT_EQ(errors.validation_attribute, "b");
}

TEST(ValueJsonTest, AttributeMapRejectsNonObjects) {
  EXPECT_THAT(AttributeMapFromJson("[]"),
              IsError(kSer,
                      "Unrecognized collection type java.util.Map<java.lang."
                      "String, com.amazonaws.dynamodb.v20120810."
                      "AttributeValue>"));
  EXPECT_THAT(AttributeMapFromJson("5"),
              IsError(kSer, "Unexpected field type"));
}

TEST(ValueJsonTest, EncodesNumbersCanonically) {
  absl::StatusOr<Number> n = Number::Parse("1.2300e5");
  ASSERT_THAT(n, IsOk());

  EXPECT_EQ(AttributeValueToJson(AttributeValue::N(*n)), R"({"N":"123000"})");
  EXPECT_EQ(AttributeValueToJson(AttributeValue::NS({*n, Number::FromInt(-7)})),
            R"({"NS":["123000","-7"]})");
}

TEST(ValueJsonTest, EncodesBinaryAsPaddedBase64) {
  EXPECT_EQ(AttributeValueToJson(AttributeValue::B("a")), R"({"B":"YQ=="})");
  EXPECT_EQ(AttributeValueToJson(AttributeValue::BS({"ab", "abc"})),
            R"({"BS":["YWI=","YWJj"]})");
}

TEST(ValueJsonTest, EncodesNestedMapsInNameOrder) {
  AttributeMap inner = {{"z", AttributeValue::Null()},
                        {"a", AttributeValue::Bool(false)}};
  AttributeMap item = {{"m", AttributeValue::M(inner)},
                       {"l", AttributeValue::L({AttributeValue::S("x")})}};

  EXPECT_EQ(AttributeMapToJson(item),
            R"({"l":{"L":[{"S":"x"}]},"m":{"M":{"a":{"BOOL":false},)"
            R"("z":{"NULL":true}}}})");
  EXPECT_EQ(ItemJson(MakeItemPtr(item)), AttributeMapToJson(item));
}

}  // namespace
}  // namespace dynamite
