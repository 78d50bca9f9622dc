// ParseUpdate(): the four clauses, and every error DynamoDB reports before
// looking at the item (reference §7.7).

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "common/status_macros.h"
#include "query/ast.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "tests/query/parser_test_support.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOkAndHolds;
using ::dynamite::testing::TestNames;
using ::dynamite::testing::TestValues;

absl::StatusOr<std::string> ParseUpdateToString(const std::string& text) {
  const std::map<std::string, std::string> names = TestNames();
  const AttributeMap values = TestValues();
  Placeholders placeholders(&names, &values);
  DYNAMITE_ASSIGN_OR_RETURN(UpdateExpression update,
                            ParseUpdate(text, placeholders));
  return UpdateToString(update);
}

struct Case {
  std::string text;
  std::string expected;  // UpdateToString(), or the message without prefix
};

void ExpectParses(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(ParseUpdateToString(c.text), IsOkAndHolds(c.expected));
  }
}

void ExpectErrors(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(
        ParseUpdateToString(c.text),
        IsError(ErrorKind::kValidation,
                absl::StrCat("Invalid UpdateExpression: ", c.expected)));
  }
}

std::string Syntax(const std::string& token, const std::string& near) {
  return absl::StrCat("Syntax error; token: \"", token, "\", near: \"", near,
                      "\"");
}

std::string Overlap(const std::string& one, const std::string& two) {
  return absl::StrCat(
      "Two document paths overlap with each other; must remove or rewrite "
      "one of these paths; path one: ",
      one, ", path two: ", two);
}

std::string Conflict(const std::string& one, const std::string& two) {
  return absl::StrCat(
      "Two document paths conflict with each other; must remove or rewrite "
      "one of these paths; path one: ",
      one, ", path two: ", two);
}

TEST(UpdateParserTest, ParsesEveryClause) {
  ExpectParses({
      {"SET a = :n", "SET a = :n"},
      {"set a = :n, b.c[2] = d", "SET a = :n, b.c[2] = d"},
      {"SET a = a + :n", "SET a = (a + :n)"},
      {"SET a = :n - a", "SET a = (:n - a)"},
      {"SET a = if_not_exists(a, :n)", "SET a = if_not_exists(a, :n)"},
      {"SET a = if_not_exists(b, :n) + :n2",
       "SET a = (if_not_exists(b, :n) + :n2)"},
      {"SET a = list_append(a, :l)", "SET a = list_append(a, :l)"},
      {"SET a = list_append(if_not_exists(a, :l), :l)",
       "SET a = list_append(if_not_exists(a, :l), :l)"},
      {"SET #n = :s", "SET name = :s"},
      {"SET #dot = :s", "SET a.b = :s"},
      {"REMOVE a, b.c, d[3]", "REMOVE a, b.c, d[3]"},
      {"remove a", "REMOVE a"},
      {"ADD n :n, s :ss", "ADD n :n, s :ss"},
      {"ADD s :ns, t :bs", "ADD s :ns, t :bs"},
      {"DELETE s :ss", "DELETE s :ss"},
      {"DeLeTe s :ns, t :bs", "DELETE s :ns, t :bs"},
      {"DELETE s :ss ADD n :n REMOVE r SET a = :n",
       "SET a = :n REMOVE r ADD n :n DELETE s :ss"},
      {"SET a=:n REMOVE b ADD c :n DELETE d :ss",
       "SET a = :n REMOVE b ADD c :n DELETE d :ss"},
      // Reading a modified path is fine.
      {"SET a = b, b = a", "SET a = b, b = a"},
      {"SET a = a + :n REMOVE b", "SET a = (a + :n) REMOVE b"},
  });
}

// Parentheses as DynamoDB takes them: one pair around a SET value, one
// around each operand of + and - and each function argument. They leave no
// trace in the tree.
TEST(UpdateParserTest, ParsesParenthesisedSetValuesAndOperands) {
  ExpectParses({
      {"SET a = (:n)", "SET a = :n"},
      {"SET a = (a + :n)", "SET a = (a + :n)"},
      {"SET a = (if_not_exists(a, :n) - :n2)",
       "SET a = (if_not_exists(a, :n) - :n2)"},
      {"SET a = (list_append(a, :l))", "SET a = list_append(a, :l)"},
      {"SET a = (a) + (:n)", "SET a = (a + :n)"},
      {"SET a = ((a) - :n)", "SET a = (a - :n)"},
      {"SET a = ((b))", "SET a = b"},
      {"SET a = list_append((a), ( :l ))", "SET a = list_append(a, :l)"},
      {"SET a = if_not_exists((b), (:n)), c = (d)",
       "SET a = if_not_exists(b, :n), c = d"},
  });
}

TEST(UpdateParserTest, RejectsParenthesesDynamoDbRefuses) {
  ExpectErrors({
      {"SET a = ((a)) + :n", Syntax("+", ") + :n")},
      {"SET a = (((a)))", Syntax("(", "((a")},
      {"SET a = (a + :n) + :n", Syntax("+", ") + :n")},
      {"SET (a) = :n", Syntax("(", "SET (a")},
      {"(SET a = :n)", Syntax("(", "(SET")},
      {"REMOVE (a)", Syntax("(", "REMOVE (a")},
      {"ADD a (:n)", Syntax("(", "a (:n")},
      {"SET a = (a + :n", Syntax("<EOF>", ":n")},
      {"SET a = ()", Syntax(")", "()")},
  });
}

TEST(UpdateParserTest, RejectsEmptyAndLongExpressions) {
  ExpectErrors({
      {"", "The expression can not be empty;"},
      {std::string(4097, ' '),
       "Expression size has exceeded the maximum allowed size; expression "
       "size: 4097"},
  });
}

TEST(UpdateParserTest, ReportsSyntaxErrors) {
  ExpectErrors({
      {"a = :n", Syntax("a", "a =")},
      {"SET", Syntax("<EOF>", "SET")},
      {"SET a", Syntax("<EOF>", "a")},
      {"SET a =", Syntax("<EOF>", "=")},
      {"SET _123 = :n", Syntax("_", "SET _123")},
      {"SET :n = a", Syntax(":n", "SET :n =")},
      {"SET a = :n + :n2 + :n10", Syntax("+", ":n2 + :n10")},
      {"SET a = if_not_exists(b, :n + :n2)", Syntax("+", ":n + :n2")},
      {"SET a = :n, REMOVE b", Syntax("REMOVE", ", REMOVE b")},
      {"SET a = :n b = :n", Syntax("b", ":n b =")},
      {"SET a = :n, SET b = :n", Syntax("SET", ", SET b")},
      {"REMOVE a :n", Syntax(":n", "a :n")},
      {"ADD a", Syntax("<EOF>", "a")},
      {"ADD a b", Syntax("b", "a b")},
      {"DELETE a = :ss", Syntax("=", "a = :ss")},
      {"SET a[:n] = :n", Syntax(":n", "[:n]")},
      {"SET a = _f(:n)", Syntax("_", "= _f")},
  });
}

TEST(UpdateParserTest, RejectsARepeatedClause) {
  ExpectErrors({
      {"SET a = :n SET b = :n",
       "The \"SET\" section can only be used once in an update expression;"},
      {"REMOVE a remove b",
       "The \"REMOVE\" section can only be used once in an update "
       "expression;"},
      {"ADD a :n SET b = :n ADD c :n",
       "The \"ADD\" section can only be used once in an update expression;"},
      {"DELETE a :ss DELETE c :ss",
       "The \"DELETE\" section can only be used once in an update "
       "expression;"},
  });
}

TEST(UpdateParserTest, ChecksNamesFunctionsAndIndexes) {
  ExpectErrors({
      {"SET name = :s",
       "Attribute name is a reserved keyword; reserved keyword: name"},
      {"REMOVE a.Size",
       "Attribute name is a reserved keyword; reserved keyword: Size"},
      {"SET a[99999999999] = :s",
       "List index is not within the allowable range; index: [99999999999]"},
      {"SET a = f(b)", "Invalid function name; function: f"},
      {"SET a = LIST_APPEND(a, :l)",
       "Invalid function name; function: LIST_APPEND"},
      {"SET a = size(b)",
       "The function is not allowed in an update expression; function: size"},
      {"SET a = list_append(list_append(a, :l), :l)",
       "The function is not allowed to be used this way in an expression; "
       "function: list_append"},
      {"SET a = if_not_exists(a)",
       "Incorrect number of operands for operator or function; operator or "
       "function: if_not_exists, number of operands: 1"},
      {"SET a = list_append(a, :l, :l)",
       "Incorrect number of operands for operator or function; operator or "
       "function: list_append, number of operands: 3"},
      {"SET a = if_not_exists(:n, a)",
       "Operator or function requires a document path; operator or "
       "function: if_not_exists"},
      {"SET #undefined = :n",
       "An expression attribute name used in the document path is not "
       "defined; attribute name: #undefined"},
      {"SET a = :undefined",
       "An expression attribute value used in expression is not defined; "
       "attribute value: :undefined"},
  });
}

TEST(UpdateParserTest, ChecksConstantOperandTypes) {
  ExpectErrors({
      {"SET a = a + :s",
       "Incorrect operand type for operator or function; operator or "
       "function: +, operand type: S"},
      {"SET a = :l - a",
       "Incorrect operand type for operator or function; operator or "
       "function: -, operand type: L"},
      {"SET a = list_append(a, :s)",
       "Incorrect operand type for operator or function; operator or "
       "function: list_append, operand type: S"},
      {"SET a = list_append(:m, a)",
       "Incorrect operand type for operator or function; operator or "
       "function: list_append, operand type: M"},
      {"ADD a :s",
       "Incorrect operand type for operator or function; operator: ADD, "
       "operand type: STRING"},
      {"ADD a :b",
       "Incorrect operand type for operator or function; operator: ADD, "
       "operand type: BINARY"},
      {"ADD a :bool",
       "Incorrect operand type for operator or function; operator: ADD, "
       "operand type: BOOLEAN"},
      {"ADD a :null",
       "Incorrect operand type for operator or function; operator: ADD, "
       "operand type: NULL"},
      {"ADD a :l",
       "Incorrect operand type for operator or function; operator: ADD, "
       "operand type: LIST"},
      {"ADD a :m",
       "Incorrect operand type for operator or function; operator: ADD, "
       "operand type: MAP"},
      {"DELETE a :n",
       "Incorrect operand type for operator or function; operator: DELETE, "
       "operand type: NUMBER"},
      {"DELETE a :s",
       "Incorrect operand type for operator or function; operator: DELETE, "
       "operand type: STRING"},
  });
}

TEST(UpdateParserTest, RejectsOverlappingAndConflictingPaths) {
  ExpectErrors({
      {"SET a = :n REMOVE a", Overlap("[a]", "[a]")},
      {"SET a = :n, a = :n2", Overlap("[a]", "[a]")},
      {"SET a = :n, a.b = :n2", Overlap("[a]", "[a, b]")},
      {"SET a[1][1] = :n, a[1] = :n2", Overlap("[a, [1], [1]]", "[a, [1]]")},
      {"ADD a :n DELETE a :ss", Overlap("[a]", "[a]")},
      {"SET #p = :n REMOVE p", Overlap("[p]", "[p]")},
      {"SET a.b = :n, a[1] = :n2", Conflict("[a, b]", "[a, [1]]")},
  });
}

TEST(UpdateParserTest, ReportsErrorsInDynamoDbOrder) {
  ExpectErrors({
      // Syntax errors stop the reading before any other error.
      {"SET name = f(:n) +", Syntax("<EOF>", "+")},
      // A static error wins over an earlier semantic one.
      {"SET a = :undefined, name = :n",
       "Attribute name is a reserved keyword; reserved keyword: name"},
      // Overlaps come last.
      {"SET a = :n, a = :s + :n",
       "Incorrect operand type for operator or function; operator or "
       "function: +, operand type: S"},
  });
}

}  // namespace
}  // namespace dynamite
