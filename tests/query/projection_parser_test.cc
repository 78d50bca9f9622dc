// ParseProjection(): comma-separated document paths and their errors.

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
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

absl::StatusOr<std::string> ParseToPaths(const std::string& text) {
  const std::map<std::string, std::string> names = TestNames();
  const AttributeMap values = TestValues();
  Placeholders placeholders(&names, &values);
  DYNAMITE_ASSIGN_OR_RETURN(std::vector<DocumentPath> paths,
                            ParseProjection(text, placeholders));
  return absl::StrJoin(paths, " ",
                       [](std::string* out, const DocumentPath& path) {
                         out->append(DocumentPathToString(path));
                       });
}

struct Case {
  std::string text;
  std::string expected;
};

TEST(ProjectionParserTest, ParsesPaths) {
  const std::vector<Case> cases = {
      {"a", "[a]"},
      {"a, b.c", "[a] [b, c]"},
      {"a.b[2].c,d",
       "[a, b, [2], c]"
       " [d]"},
      {"#n, #dot.x", "[name] [a.b, x]"},
      {"a[0][1]", "[a, [0], [1]]"},
      // Overlaps are left to CheckPathsDisjoint().
      {"a, a", "[a] [a]"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(ParseToPaths(c.text), IsOkAndHolds(c.expected));
  }
}

TEST(ProjectionParserTest, ReportsErrors) {
  const std::string deep =
      absl::StrCat("a", absl::StrJoin(std::vector<std::string>(32, ".b"), ""));
  const std::vector<Case> cases = {
      {"", "The expression can not be empty;"},
      {std::string(4097, 'a'),
       "Expression size has exceeded the maximum allowed size; expression "
       "size: 4097"},
      {"a,", "Syntax error; token: \"<EOF>\", near: \",\""},
      {"a b", "Syntax error; token: \"b\", near: \"a b\""},
      {":s", "Syntax error; token: \":s\", near: \":s\""},
      {"_a", "Syntax error; token: \"_\", near: \"_a\""},
      {"a[-1]", "Syntax error; token: \"-\", near: \"[-1\""},
      {"a[#n]", "Syntax error; token: \"#n\", near: \"[#n]\""},
      {"a, name",
       "Attribute name is a reserved keyword; reserved keyword: name"},
      {"a[99999999999999]",
       "List index is not within the allowable range; index: "
       "[99999999999999]"},
      {"#zz",
       "An expression attribute name used in the document path is not "
       "defined; attribute name: #zz"},
      {deep,
       "The document path has too many nesting levels; nesting levels: 33"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(
        ParseToPaths(c.text),
        IsError(ErrorKind::kValidation,
                absl::StrCat("Invalid ProjectionExpression: ", c.expected)));
  }
}

}  // namespace
}  // namespace dynamite
