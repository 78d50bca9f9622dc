#include "query/key_condition.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/bound.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/key.h"
#include "store/value.h"
#include "tests/query/parser_test_support.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::NumberValue;
using ::dynamite::testing::TestNames;
using ::dynamite::testing::TestValues;
using Op = SortKeyCondition::Op;

constexpr ErrorKind kValidation = ErrorKind::kValidation;

KeySchema Schema(KeyType partition, std::optional<KeyType> sort) {
  KeySchema schema;
  schema.partition_key = {"p", partition};
  if (sort.has_value()) schema.sort_key = KeyAttribute{"c", *sort};
  return schema;
}

const KeySchema kStringString = Schema(KeyType::kS, KeyType::kS);
const KeySchema kStringNumber = Schema(KeyType::kS, KeyType::kN);
const KeySchema kHashOnly = Schema(KeyType::kS, std::nullopt);

// A compiled KeyCondition with copies of the values it points at, which
// live in Compile()'s placeholders only.
struct CompiledKey {
  AttributeValue partition;
  std::optional<Op> op;  // no sort condition when absent
  AttributeValue value;
  AttributeValue upper;  // a default value unless BETWEEN
};

absl::StatusOr<CompiledKey> Compile(const std::string& expression,
                                    const KeySchema& schema,
                                    AttributeMap values = TestValues()) {
  const std::map<std::string, std::string> names = TestNames();
  Placeholders placeholders(&names, &values);
  absl::StatusOr<KeyCondition> bound =
      CompileKeyCondition(expression, schema, placeholders);
  if (!bound.ok()) return bound.status();
  CompiledKey key{*bound->partition_value, std::nullopt, {}, {}};
  if (bound->sort.has_value()) {
    key.op = bound->sort->op;
    key.value = *bound->sort->value;
    if (bound->sort->upper != nullptr) key.upper = *bound->sort->upper;
  }
  return key;
}

TEST(KeyConditionTest, CompilesPartitionAndSortConditions) {
  struct Case {
    std::string expression;
    const KeySchema* schema;
    AttributeValue partition;
    std::optional<Op> op;  // no sort condition when absent
    AttributeValue value;
    AttributeValue upper;
  };
  const AttributeValue a = AttributeValue::S("a");
  const AttributeValue b = AttributeValue::S("b");
  const AttributeValue one = NumberValue("1");
  const AttributeValue two = NumberValue("2");
  const std::vector<Case> cases = {
      {"p = :s", &kStringString, a, std::nullopt, {}, {}},
      {":s = p", &kStringString, a, std::nullopt, {}, {}},
      {"p = :s", &kHashOnly, a, std::nullopt, {}, {}},
      {"#p = :s2", &kHashOnly, b, std::nullopt, {}, {}},
      {"p = :s AND c = :s2", &kStringString, a, Op::kEq, b, {}},
      {"c = :s2 AND p = :s", &kStringString, a, Op::kEq, b, {}},
      {"p = :s AND c < :n", &kStringNumber, a, Op::kLt, one, {}},
      {"p = :s AND c <= :n", &kStringNumber, a, Op::kLe, one, {}},
      {"p = :s AND c > :n", &kStringNumber, a, Op::kGt, one, {}},
      {"p = :s AND c >= :n", &kStringNumber, a, Op::kGe, one, {}},
      {"p = :s AND :n = c", &kStringNumber, a, Op::kEq, one, {}},
      {"p = :s AND :n < c", &kStringNumber, a, Op::kGt, one, {}},
      {"p = :s AND :n <= c", &kStringNumber, a, Op::kGe, one, {}},
      {"p = :s AND :n > c", &kStringNumber, a, Op::kLt, one, {}},
      {"p = :s AND :n >= c", &kStringNumber, a, Op::kLe, one, {}},
      {"p = :s AND c BETWEEN :n AND :n2", &kStringNumber, a, Op::kBetween, one,
       two},
      {"p=:s AnD c BeTwEeN :n aNd :n", &kStringNumber, a, Op::kBetween, one,
       one},
      {"p = :s AND begins_with(c, :s2)",
       &kStringString,
       a,
       Op::kBeginsWith,
       b,
       {}},
      {"((c = :s2) AND (p = :s))", &kStringString, a, Op::kEq, b, {}},
      {"#p = :s AND #c > :s2", &kStringString, a, Op::kGt, b, {}},
      {"(p) = (:s) AND (c) < :s2", &kStringString, a, Op::kLt, b, {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.expression);
    absl::StatusOr<CompiledKey> result = Compile(c.expression, *c.schema);
    ASSERT_THAT(result, IsOk());
    EXPECT_EQ(result->partition, c.partition);
    ASSERT_EQ(result->op, c.op);
    if (!c.op.has_value()) continue;
    EXPECT_EQ(result->value, c.value);
    EXPECT_EQ(result->upper, c.upper);
  }
}

TEST(KeyConditionTest, CompilesBinaryKeys) {
  const KeySchema schema = Schema(KeyType::kB, KeyType::kB);

  absl::StatusOr<CompiledKey> result =
      Compile("p = :b AND begins_with(c, :b2)", schema);

  ASSERT_THAT(result, IsOk());
  EXPECT_EQ(result->partition, AttributeValue::B("x"));
  EXPECT_EQ(result->op, Op::kBeginsWith);
  EXPECT_EQ(result->value, AttributeValue::B("y"));
}

struct ErrorCase {
  std::string expression;
  const KeySchema* schema;
  std::string message;
};

void ExpectErrors(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.expression);
    EXPECT_THAT(Compile(c.expression, *c.schema),
                IsError(kValidation, c.message));
  }
}

TEST(KeyConditionTest, RejectsUnsupportedShapes) {
  const std::string prefix = "Invalid KeyConditionExpression: ";
  const std::string op =
      prefix + "Invalid operator used in KeyConditionExpression: ";
  const std::string condition =
      prefix + "Invalid condition in KeyConditionExpression: ";
  const std::string nested_op =
      prefix + "KeyConditionExpressions cannot contain nested operations";
  const std::string nested_attr =
      prefix +
      "KeyConditionExpressions cannot have conditions on nested attributes";
  const std::string multiple =
      condition + "Multiple attribute names used in one condition";
  const std::string one_per_key =
      prefix +
      "KeyConditionExpressions must only contain one condition per key";
  const KeySchema* ss = &kStringString;
  ExpectErrors({
      {"c = :s OR p = :s", ss, op + "OR"},
      {"p > :s AND size(c) > :n OR p > :s", ss, op + "OR"},
      {"NOT c = :s AND p = :s", ss, op + "NOT"},
      {"p = :s AND c IN (:s)", ss, op + "IN"},
      {"p IN (c, size(p), a)", ss, op + "IN"},
      {"p = :s AND c <> :s", ss, op + "<>"},
      {"p = :s AND attribute_exists(c)", ss, op + "attribute_exists"},
      {"attribute_not_exists(c)", ss, op + "attribute_not_exists"},
      {"attribute_type(c, :t)", ss, op + "attribute_type"},
      {"contains(c.d, :s)", ss, op + "contains"},
      {":s BETWEEN size(c) AND size(p) AND c > :s", ss,
       condition + "BETWEEN operator must have the key attribute as its first "
                   "operand"},
      {"begins_with(:s, c) AND p > :s", ss,
       condition +
           "begins_with operator must have the key attribute as its first "
           "operand"},
      {"size(c) > p AND p.b > c AND c > a", ss, nested_op},
      {"size(c) BETWEEN :n AND :n2", ss, nested_op},
      {"p > size(c.d)", ss, nested_op},
      {"p BETWEEN size(c) AND size(p)", ss, nested_op},
      {"c > p.b", ss, multiple},
      {"c BETWEEN p[1] AND a", ss, multiple},
      {"p BETWEEN c AND size(p)", ss, multiple},
      {"begins_with(p, c)", ss, multiple},
      {"p = c", ss, multiple},
      {"c.d > p AND a.d > e.f", ss, nested_attr},
      {"p.d > c", ss, nested_attr},
      {"c[0] > p", ss, nested_attr},
      {"p.foo > :s", ss, nested_attr},
      {"p = :s AND begins_with(c.foo, :s)", ss, nested_attr},
      {"p = :s AND :s < c.foo", ss, nested_attr},
      {"#dot.foo = :s", ss, nested_attr},
      {":s2 > :s AND p < :s2", ss, condition + "No key attribute specified"},
      {":s > c AND :s < :s2", ss, condition + "No key attribute specified"},
      {"p = :s AND p = :s", ss, one_per_key},
      {"p = :s AND c >= :s AND c <= :s2", ss, one_per_key},
      {"c > :s AND c < :s AND p = :s AND a = :s", ss, one_per_key},
      {"(p > :s and c > :s) and (c > :s and a > :s)", ss, one_per_key},
      {"p = :s AND c = :s AND a = :s", ss,
       "Conditions can be of length 1 or 2 only"},
      {"(p > :s and c > :s) and (d > :s and e > :s) and (f > :s and g > :s)",
       ss, "Conditions can be of length 1 or 2 only"},
  });
}

TEST(KeyConditionTest, ReportsExpressionErrorsFirst) {
  const std::string prefix = "Invalid KeyConditionExpression: ";
  const KeySchema* ss = &kStringString;
  const KeySchema* sn = &kStringNumber;
  ExpectErrors({
      {"", ss, prefix + "The expression can not be empty;"},
      {"p = :s AND c != :s", ss,
       prefix + "Syntax error; token: \"!\", near: \"c !=\""},
      {"p = :s AND BEGINS_WITH(c, :s)", ss,
       prefix + "Invalid function name; function: BEGINS_WITH"},
      {"p = :s AND dog(c, :s)", ss,
       prefix + "Invalid function name; function: dog"},
      {"data.foo = :s", ss,
       prefix + "Attribute name is a reserved keyword; reserved keyword: data"},
      {"p = :undefined", ss,
       prefix + "An expression attribute value used in expression is not "
                "defined; attribute value: :undefined"},
      {"p = :s AND begins_with(c, :n)", ss,
       prefix + "Incorrect operand type for operator or function; operator or "
                "function: begins_with, operand type: N"},
      {"p = :s AND begins_with(c, :n)", sn,
       prefix + "Incorrect operand type for operator or function; operator or "
                "function: begins_with, operand type: N"},
      {"p = :s AND c < :bool", sn,
       prefix + "Incorrect operand type for operator or function; operator or "
                "function: <, operand type: BOOL"},
      {"p = :s AND :bool >= c", sn,
       prefix + "Incorrect operand type for operator or function; operator or "
                "function: >=, operand type: BOOL"},
      {"p = :s AND c BETWEEN :n AND :s", sn,
       prefix +
           "The BETWEEN operator requires same data type for lower and upper "
           "bounds; lower bound operand: AttributeValue: {N:1}, upper bound "
           "operand: AttributeValue: {S:a}"},
      {"p = :s AND c BETWEEN :s2 AND :s", ss,
       prefix +
           "The BETWEEN operator requires upper bound to be greater than or "
           "equal to lower bound; lower bound operand: AttributeValue: "
           "{S:b}, upper bound operand: AttributeValue: {S:a}"},
      {"((p = :s))", ss, prefix + "The expression has redundant parentheses;"},
      {"((c = :s) AND ((p = :s)))", ss,
       prefix + "The expression has redundant parentheses;"},
  });
}

TEST(KeyConditionTest, ChecksConditionsAgainstTheKeySchema) {
  const std::string missed = "Query condition missed key schema element: ";
  const std::string not_supported = "Query key condition not supported";
  const std::string type =
      "One or more parameter values were invalid: Condition parameter type "
      "does not match schema type";
  const KeySchema* ss = &kStringString;
  const KeySchema* sn = &kStringNumber;
  const KeySchema* h = &kHashOnly;
  ExpectErrors({
      {"c = :s", ss, missed + "p"},
      {"a = :s", ss, missed + "p"},
      {"c = :s AND a = :s", ss, missed + "p"},
      {"p = :s AND a < :s", ss, missed + "c"},
      {"c = :s", h, missed + "p"},
      {"p < :s", ss, not_supported},
      {"p >= :s AND c = :s", ss, not_supported},
      {"begins_with(p, :s)", ss, not_supported},
      {"p BETWEEN :s AND :s2", ss, not_supported},
      {"p = :s AND c = :s", h, not_supported},
      {"p = :s AND a = :s", h, not_supported},
      {"p = :n", ss, type},
      {"p < :n", ss, type},
      {"p = :bool", ss, type},
      {"p = :s AND c = :s", sn, type},
      {"p = :s AND c = :bool", sn, type},
      {"p = :s AND c BETWEEN :s AND :s2", sn, type},
      {"p = :s AND begins_with(c, :s)", sn, type},
      {"p = :empty", ss,
       "One or more parameter values are not valid. The AttributeValue for a "
       "key attribute cannot contain an empty string value. Key: p"},
      {"p = :s AND begins_with(c, :empty)", ss,
       "One or more parameter values are not valid. The AttributeValue for a "
       "key attribute cannot contain an empty string value. Key: c"},
  });
}

TEST(KeyConditionTest, ChecksKeySizesAtTheEdge) {
  AttributeMap values = {{":p", AttributeValue::S(std::string(2048, 'p'))},
                         {":c", AttributeValue::S(std::string(1024, 'c'))},
                         {":p2", AttributeValue::S(std::string(2049, 'p'))},
                         {":c2", AttributeValue::S(std::string(1025, 'c'))}};
  const std::map<std::string, std::string> names = TestNames();

  auto compile = [&](const std::string& expression) {
    Placeholders placeholders(&names, &values);
    return CompileKeyCondition(expression, kStringString, placeholders);
  };

  EXPECT_THAT(compile("p = :p AND c = :c"), IsOk());
  EXPECT_THAT(compile("p = :p2"),
              IsError(kValidation,
                      "One or more parameter values were invalid: Size of "
                      "hashkey has exceeded the maximum size limit of2048 "
                      "bytes"));
  EXPECT_THAT(compile("p = :p AND c <= :c2"),
              IsError(kValidation,
                      "One or more parameter values were invalid: Aggregated "
                      "size of all range keys has exceeded the size limit of "
                      "1024 bytes"));
}

TEST(KeyConditionTest, ParseAndBindSplitLetsCallersCheckUnusedPlaceholders) {
  const std::map<std::string, std::string> names = {{"#x", "x"}};
  const AttributeMap values = {{":v", AttributeValue::S("v")}};
  Placeholders placeholders(&names, &values);

  absl::StatusOr<Condition> condition = ParseCondition(
      "zzz = :v", ExpressionKind::kKeyConditionExpression, placeholders);
  ASSERT_THAT(condition, IsOk());
  const BoundCondition bound = BindParsed(*std::move(condition), placeholders);
  absl::StatusOr<KeyConditionTermList> terms =
      KeyConditionTerms(bound.tree(), bound.values());

  ASSERT_THAT(terms, IsOk());
  ASSERT_EQ(terms->size(), 1u);
  EXPECT_EQ((*terms)[0].attribute, "zzz");
  // DynamoDB reports the unused #x before it looks at the key schema.
  EXPECT_THAT(placeholders.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#x}"));
  EXPECT_THAT(
      BindKeyCondition(*terms, kStringString),
      IsError(kValidation, "Query condition missed key schema element: p"));
}

}  // namespace
}  // namespace dynamite
