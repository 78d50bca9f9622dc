// Shared fixtures for the parser and key-condition tests: a request's
// ExpressionAttributeNames/Values with one placeholder per interesting
// value, and a helper that parses and prints the tree.
//
// Thread safety: test helpers; not shared between threads.

#ifndef DYNAMITE_TESTS_QUERY_PARSER_TEST_SUPPORT_H_
#define DYNAMITE_TESTS_QUERY_PARSER_TEST_SUPPORT_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "common/status_macros.h"
#include "query/ast.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/number.h"
#include "store/value.h"

namespace dynamite::testing {

inline AttributeValue NumberValue(absl::string_view text) {
  return AttributeValue::N(*Number::Parse(text));
}

// #n -> name, #p -> p, #dot -> a.b; values of every type.
inline std::map<std::string, std::string> TestNames() {
  return {{"#n", "name"}, {"#p", "p"}, {"#dot", "a.b"}, {"#c", "c"}};
}

inline AttributeMap TestValues() {
  return {
      {":s", AttributeValue::S("a")},
      {":s2", AttributeValue::S("b")},
      {":empty", AttributeValue::S("")},
      {":n", NumberValue("1")},
      {":n2", NumberValue("2")},
      {":n10", NumberValue("10")},
      {":b", AttributeValue::B("x")},
      {":b2", AttributeValue::B("y")},
      {":bool", AttributeValue::Bool(true)},
      {":null", AttributeValue::Null()},
      {":l", AttributeValue::L({AttributeValue::S("a")})},
      {":m", AttributeValue::M({{"k", AttributeValue::S("v")}})},
      {":ss", AttributeValue::SS({"a", "b"})},
      {":ns", AttributeValue::NS({Number::FromInt(1)})},
      {":bs", AttributeValue::BS({"x"})},
      {":t", AttributeValue::S("S")},
      {":dog", AttributeValue::S("DOG")},
  };
}

// Parses `text` against TestNames()/TestValues() and returns
// ConditionToString() of the tree.
inline absl::StatusOr<std::string> ParseToString(
    absl::string_view text,
    ExpressionKind kind = ExpressionKind::kConditionExpression) {
  const std::map<std::string, std::string> names = TestNames();
  const AttributeMap values = TestValues();
  Placeholders placeholders(&names, &values);
  DYNAMITE_ASSIGN_OR_RETURN(Condition condition,
                            ParseCondition(text, kind, placeholders));
  return ConditionToString(condition);
}

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_QUERY_PARSER_TEST_SUPPORT_H_
