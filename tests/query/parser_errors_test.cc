// ParseCondition()'s error messages and the order DynamoDB reports them in.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/value.h"
#include "tests/query/parser_test_support.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ParseToString;

struct ErrorCase {
  std::string text;
  std::string message;  // without "Invalid ConditionExpression: "
};

void ExpectErrors(const std::vector<ErrorCase>& cases) {
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(
        ParseToString(c.text),
        IsError(ErrorKind::kValidation,
                absl::StrCat("Invalid ConditionExpression: ", c.message)));
  }
}

std::string Syntax(const std::string& token, const std::string& near) {
  return absl::StrCat("Syntax error; token: \"", token, "\", near: \"", near,
                      "\"");
}

TEST(ParserErrorsTest, ReportsSyntaxErrorsAtTheFirstBadToken) {
  ExpectErrors({
      {"a", Syntax("<EOF>", "a")},
      {"foo", Syntax("<EOF>", "foo")},
      {"a = ", Syntax("<EOF>", "= ")},
      {":s", Syntax("<EOF>", ":s")},
      {"a != :s", Syntax("!", "a !=")},
      {"a == :s", Syntax("=", "== :s")},
      {"_abc = :s", Syntax("_", "_abc")},
      {"123a = :s", Syntax("123", "123a")},
      {"a = :s :s", Syntax(":s", ":s :s")},
      {"a = \"x\"", Syntax("\"", "= \"x")},
      {"a = 1", Syntax("1", "= 1")},
      {"a IN ()", Syntax(")", "()")},
      {"a IN :s", Syntax(":s", "IN :s")},
      {"a.:s = :s", Syntax(":s", ".:s =")},
      {"a.and = :s", Syntax("and", ".and =")},
      {"a[:s] = :s", Syntax(":s", "[:s]")},
      {"a[#n] = :s", Syntax("#n", "[#n]")},
      {"a[-1] = :s", Syntax("-", "[-1")},
      {"a[] = :s", Syntax("]", "[] =")},
      {"a[01] = :s", Syntax("1", "01]")},
      {"(a = :s", Syntax("<EOF>", ":s")},
      {"a = :s)", Syntax(")", ":s)")},
      {"a = :s AND", Syntax("<EOF>", "AND")},
      {"AND a = :s", Syntax("AND", "AND a")},
      {"NOT a", Syntax("<EOF>", "a")},
      {"a AND b = :s", Syntax("AND", "a AND b")},
      {"(a) AND b = :s", Syntax("AND", ") AND b")},
      {"(a AND b)", Syntax("AND", "a AND b")},
      {"a BETWEEN :n", Syntax("<EOF>", ":n")},
      {"a BETWEEN :n OR :n2", Syntax("OR", ":n OR :n2")},
      {"attribute_exists()", Syntax(")", "()")},
      {"attribute_exists(a = :s)", Syntax("=", "a = :s")},
      {"a = (b = :s)", Syntax("=", "b = :s")},
      {"# = :s", Syntax("#", "# =")},
      {"a = :", Syntax(":", "= :")},
      {"a < > :s", Syntax(">", "< > :s")},
      {"in = :s", Syntax("in", "in =")},
  });
}

TEST(ParserErrorsTest, RejectsRedundantParentheses) {
  const std::string redundant = "The expression has redundant parentheses;";
  ExpectErrors({
      {"((a = :s))", redundant},
      {"((a)) = :s", redundant},
      {"a = ((:s))", redundant},
      {"((c = :s) AND ((p = :s)))", redundant},
      {"NOT ((a = :s))", redundant},
      {"(((a) = :s))", redundant},
      {"size(((a))) > :n", redundant},
      {"((begins_with(a, :s)))", redundant},
      // Found while reading, so before a later syntax error.
      {"((a = :s)) AND b !", redundant},
  });
}

TEST(ParserErrorsTest, ChecksFunctionNamesPlacesAndArity) {
  const std::string misused =
      "The function is not allowed to be used this way in an expression; "
      "function: ";
  const std::string update_only =
      "The function is not allowed in a condition expression; function: ";
  const std::string arity =
      "Incorrect number of operands for operator or function; operator or "
      "function: ";
  ExpectErrors({
      {"dog(a, :s)", "Invalid function name; function: dog"},
      {"BEGINS_WITH(a, :s)", "Invalid function name; function: BEGINS_WITH"},
      {"a < dog(b)", "Invalid function name; function: dog"},
      {"size(a)", misused + "size"},
      {"(size(a))", misused + "size"},
      {"NOT size(a)", misused + "size"},
      {"attribute_exists(a) < :n", misused + "attribute_exists"},
      {"a = begins_with(b, :s)", misused + "begins_with"},
      {"a IN (contains(b, :s))", misused + "contains"},
      {"size(attribute_type(a, :t)) = :n", misused + "attribute_type"},
      {"a = if_not_exists(b, :s)", update_only + "if_not_exists"},
      {"list_append(a, :l) = :l", update_only + "list_append"},
      {"if_not_exists(a, :s)", update_only + "if_not_exists"},
      {"if_not_exists(a)", update_only + "if_not_exists"},
      {"size(a, b) > :n", arity + "size, number of operands: 2"},
      {"attribute_exists(a, b)",
       arity + "attribute_exists, number of operands: 2"},
      {"begins_with(a)", arity + "begins_with, number of operands: 1"},
      {"contains(a, b, c)", arity + "contains, number of operands: 3"},
  });
}

TEST(ParserErrorsTest, ChecksNamesIndexesAndPlaceholders) {
  ExpectErrors({
      {"name = :s",
       "Attribute name is a reserved keyword; reserved keyword: name"},
      {"a.Status = :s",
       "Attribute name is a reserved keyword; reserved keyword: Status"},
      {"attribute_exists(a[1].DATA)",
       "Attribute name is a reserved keyword; reserved keyword: DATA"},
      {"a[99999999999999] = :s",
       "List index is not within the allowable range; index: "
       "[99999999999999]"},
      {"a[2147483648] = :s",
       "List index is not within the allowable range; index: [2147483648]"},
      {"#undefined = :s",
       "An expression attribute name used in the document path is not "
       "defined; attribute name: #undefined"},
      {"a = :undefined",
       "An expression attribute value used in expression is not defined; "
       "attribute value: :undefined"},
  });
}

TEST(ParserErrorsTest, ChecksOperands) {
  const std::string type =
      "Incorrect operand type for operator or function; operator or "
      "function: ";
  const std::string distinct =
      "The first operand must be distinct from the remaining operands for "
      "this operator or function; operator: ";
  ExpectErrors({
      {"attribute_exists(:s)",
       "Operator or function requires a document path; operator or "
       "function: attribute_exists"},
      {"attribute_not_exists(size(a))",
       "Operator or function requires a document path; operator or "
       "function: attribute_not_exists"},
      {"contains(a, a)", distinct + "contains, first operand: [a]"},
      {"begins_with(#p, p)", distinct + "begins_with, first operand: [p]"},
      {"a.b[1] = a.b[1]", distinct + "=, first operand: [a, b, [1]]"},
      {"a BETWEEN :n AND a", distinct + "BETWEEN, first operand: [a]"},
      {"a IN (b, a)", distinct + "IN, first operand: [a]"},
      {"begins_with(a, :n)", type + "begins_with, operand type: N"},
      {"begins_with(:bool, a)", type + "begins_with, operand type: BOOL"},
      {"size(:n) > :n", type + "size, operand type: N"},
      {"size(:bool) > :n", type + "size, operand type: BOOL"},
      {"size(:null) > :n", type + "size, operand type: NULL"},
      {"size(size(a)) > :n", type + "size, operand type: N"},
      {"a < :bool", type + "<, operand type: BOOL"},
      {":l >= a", type + ">=, operand type: L"},
      {"a <= :ss", type + "<=, operand type: SS"},
      {"a BETWEEN :n AND :m", type + "BETWEEN, operand type: M"},
      {":null BETWEEN :n AND :n2", type + "BETWEEN, operand type: NULL"},
      {"attribute_type(a, :n)", type + "attribute_type, operand type: N"},
      {"attribute_type(a, size(b))", type + "attribute_type, operand type: N"},
      {"attribute_type(a, b)",
       type + "attribute_type, operand type: {SS,M,DECIMAL,DOUBLESET,HDS,N,B,"
              "DICT,INTSET,BOOL,HD,BS,INT,DECIMALSET,NULL,FLOAT,FS,S,L,NS,"
              "DOUBLE}"},
      {"attribute_type(a, :dog)",
       "Invalid attribute type name found; type: DOG, valid types: "
       "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
  });
}

TEST(ParserErrorsTest, ChecksBetweenBounds) {
  const std::string same_type =
      "The BETWEEN operator requires same data type for lower and upper "
      "bounds; ";
  const std::string order =
      "The BETWEEN operator requires upper bound to be greater than or equal "
      "to lower bound; ";
  ExpectErrors({
      {"a BETWEEN :n AND :s",
       same_type + "lower bound operand: AttributeValue: {N:1}, upper bound "
                   "operand: AttributeValue: {S:a}"},
      {"a BETWEEN :s2 AND :s",
       order + "lower bound operand: AttributeValue: {S:b}, upper bound "
               "operand: AttributeValue: {S:a}"},
      {"a BETWEEN :n10 AND :n2",
       order + "lower bound operand: AttributeValue: {N:10}, upper bound "
               "operand: AttributeValue: {N:2}"},
      {"a BETWEEN :b2 AND :b",
       order +
           "lower bound operand: AttributeValue: "
           "{B:java.nio.HeapByteBuffer[pos=0 lim=1 cap=1]}, upper bound "
           "operand: AttributeValue: {B:java.nio.HeapByteBuffer[pos=0 lim=1 "
           "cap=1]}"},
  });
}

TEST(ParserErrorsTest, BetweenBoundsCompareUnsignedBytes) {
  // 0x80 sorts after 0x7F (and after every ASCII byte), as DynamoDB orders
  // S and B; a signed comparison would get both cases backwards.
  const AttributeMap values = {{":high", AttributeValue::B("\x80")},
                               {":low", AttributeValue::B("\x7F")},
                               {":e_acute", AttributeValue::S("\xC3\xA9")},
                               {":z", AttributeValue::S("z")}};
  auto parse = [&](const char* text) {
    Placeholders placeholders(nullptr, &values);
    return ParseCondition(text, ExpressionKind::kConditionExpression,
                          placeholders)
        .status();
  };
  EXPECT_THAT(parse("a BETWEEN :low AND :high"), IsOk());
  EXPECT_THAT(parse("a BETWEEN :z AND :e_acute"), IsOk());
  const std::string order =
      "Invalid ConditionExpression: The BETWEEN operator requires upper "
      "bound to be greater than or equal to lower bound; ";
  EXPECT_THAT(
      parse("a BETWEEN :high AND :low"),
      IsError(ErrorKind::kValidation,
              order + "lower bound operand: AttributeValue: "
                      "{B:java.nio.HeapByteBuffer[pos=0 lim=1 cap=1]}, upper "
                      "bound operand: AttributeValue: "
                      "{B:java.nio.HeapByteBuffer[pos=0 lim=1 cap=1]}"));
  EXPECT_THAT(parse("a BETWEEN :e_acute AND :z"),
              IsError(ErrorKind::kValidation,
                      order + "lower bound operand: AttributeValue: "
                              "{S:\xC3\xA9}, upper bound operand: "
                              "AttributeValue: {S:z}"));
}

TEST(ParserErrorsTest, ReportsErrorsInDynamoDbsOrder) {
  ExpectErrors({
      // A syntax error beats everything found before it.
      {"name = :undefined AND size(a) AND b !", Syntax("!", "b !")},
      // Static errors go by their place in the text...
      {"dog(name)", "Invalid function name; function: dog"},
      {"name = :s AND dog(a)",
       "Attribute name is a reserved keyword; reserved keyword: name"},
      {"a = :s AND size(a) AND name = :s",
       "The function is not allowed to be used this way in an expression; "
       "function: size"},
      {"a[2147483648] = :s AND name = :s",
       "List index is not within the allowable range; index: [2147483648]"},
      {"foo(a, b, c) AND name = :s", "Invalid function name; function: foo"},
      // ...and beat the semantic ones wherever those are.
      {"#undefined = :s AND name = :s",
       "Attribute name is a reserved keyword; reserved keyword: name"},
      {"a = :undefined AND size(a)",
       "The function is not allowed to be used this way in an expression; "
       "function: size"},
      {"contains(a, a) AND attribute_exists(b, c)",
       "Incorrect number of operands for operator or function; operator or "
       "function: attribute_exists, number of operands: 2"},
      // Semantic errors go in the order the checks run.
      {"begins_with(a, :n) AND #undefined = :s",
       "Incorrect operand type for operator or function; operator or "
       "function: begins_with, operand type: N"},
      {"#undefined = :s AND begins_with(a, :n)",
       "An expression attribute name used in the document path is not "
       "defined; attribute name: #undefined"},
      {"begins_with(a, :undefined)",
       "An expression attribute value used in expression is not defined; "
       "attribute value: :undefined"},
      {"a BETWEEN :bool AND :s",
       "Incorrect operand type for operator or function; operator or "
       "function: BETWEEN, operand type: BOOL"},
  });
}

}  // namespace
}  // namespace dynamite
