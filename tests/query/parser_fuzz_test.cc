// Randomized tests of ParseCondition(): expressions generated from the
// grammar must parse, and any mutation of them (deleted, inserted or
// swapped tokens, garbage bytes, truncation) must give either a tree or a
// ValidationException, never a crash. Seeds are fixed.

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/lexer.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "store/value.h"
#include "tests/query/expression_generator.h"
#include "tests/query/parser_test_support.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ExpressionGenerator;
using ::dynamite::testing::Mutate;
using ::dynamite::testing::TestNames;
using ::dynamite::testing::TestValues;

absl::StatusOr<Condition> Parse(const std::string& text) {
  const std::map<std::string, std::string> names = TestNames();
  const AttributeMap values = TestValues();
  Placeholders placeholders(&names, &values);
  return ParseCondition(text, ExpressionKind::kConditionExpression,
                        placeholders);
}

// True if `result` is a tree or a properly formed ValidationException.
::testing::AssertionResult IsTreeOrValidationError(
    const absl::StatusOr<Condition>& result) {
  if (result.ok()) return ::testing::AssertionSuccess();
  if (ErrorKindOf(result.status()) != ErrorKind::kValidation) {
    return ::testing::AssertionFailure() << result.status();
  }
  if (!absl::StartsWith(result.status().message(),
                        "Invalid ConditionExpression: ")) {
    return ::testing::AssertionFailure() << result.status();
  }
  return ::testing::AssertionSuccess();
}

TEST(ParserFuzzTest, GeneratedExpressionsParse) {
  ExpressionGenerator gen(20240601);
  for (int i = 0; i < 3000; ++i) {
    bool parenthesized = false;
    const std::string text = gen.Condition(4, &parenthesized);
    if (text.size() > kMaxExpressionBytes) continue;
    absl::StatusOr<Condition> result = Parse(text);
    // Over 300 operators is the only error a generated expression may have.
    if (!result.ok() &&
        absl::StrContains(result.status().message(), "too many operators")) {
      continue;
    }
    ASSERT_TRUE(result.ok()) << text << "\n" << result.status();
  }
}

TEST(ParserFuzzTest, MutatedExpressionsNeverCrash) {
  ExpressionGenerator gen(7);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 4000; ++i) {
    bool parenthesized = false;
    std::string text = gen.Condition(3, &parenthesized);
    const int edits = 1 + gen.Pick(4);
    for (int e = 0; e < edits; ++e) {
      text = Mutate(text, gen);
      absl::StatusOr<Condition> result = Parse(text);
      ASSERT_TRUE(IsTreeOrValidationError(result)) << text;
      ++(result.ok() ? accepted : rejected);
    }
  }
  // Both outcomes occur, so the mutations exercise the error paths.
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 100);
}

TEST(ParserFuzzTest, RandomTokenSoupNeverCrashes) {
  ExpressionGenerator gen(99);
  static const char* const kWords[] = {
      "(",        ")",   "a",   "b.c",  "[1]",         ":s",
      ":n",       "#c",  "#zz", "AND",  "OR",          "NOT",
      "BETWEEN",  "IN",  "=",   "<",    ",",           "size",
      "contains", "dog", "!",   "name", "begins_with", "attribute_exists",
      "."};
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    const int n = gen.Pick(40);
    for (int w = 0; w < n; ++w) {
      absl::StrAppend(&text, kWords[gen.Pick(std::size(kWords))],
                      gen.Pick(3) == 0 ? "" : " ");
    }
    ASSERT_TRUE(IsTreeOrValidationError(Parse(text))) << text;
  }
}

}  // namespace
}  // namespace dynamite
