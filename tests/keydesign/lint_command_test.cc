// `dynamite lint` as a command: flags, sources, output forms, exit status.

#include "keydesign/lint_command.h"

#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

struct LintRun {
  int exit = -1;
  std::string out, err;
};

LintRun Lint(const std::vector<std::string>& args,
             const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  LintRun run;
  run.exit = RunLintCommand(args, in, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

constexpr char kRawScores[] =
    R"({"Item":{"b":{"S":"S1"},"r":{"S":"9#p_1"}}})"
    "\n"
    R"({"Item":{"b":{"S":"S1"},"r":{"S":"1500#p_2"}}})"
    "\n";
constexpr char kPaddedScores[] =
    R"({"Item":{"b":{"S":"S1"},"r":{"S":"00009#p_1"}}})"
    "\n"
    R"({"Item":{"b":{"S":"S1"},"r":{"S":"01500#p_2"}}})"
    "\n";

TEST(LintCommandTest, ExitsOneOnErrorsAndZeroWhenClean) {
  const std::vector<std::string> args = {"--table", "L", "--pk", "b",
                                         "--sk",    "r", "-"};
  LintRun bad = Lint(args, kRawScores);
  EXPECT_EQ(bad.exit, 1) << bad.err;
  EXPECT_THAT(bad.out, StartsWith("L (partition key b, sort key r): 2 items\n"
                                  "  error numeric-sort-order: "));
  EXPECT_THAT(bad.out, HasSubstr("1 table: 1 error, 0 warnings, 1 info\n"));
  LintRun good = Lint(args, kPaddedScores);
  EXPECT_EQ(good.exit, 0) << good.err;
  EXPECT_THAT(good.out, HasSubstr("0 errors, 0 warnings, 2 infos"));
}

TEST(LintCommandTest, PrintsJson) {
  LintRun run =
      Lint({"--json", "--table=L", "--pk=b", "--sk=r", "-"}, kRawScores);
  EXPECT_EQ(run.exit, 1);
  EXPECT_THAT(run.out,
              StartsWith(R"({"tables":[{"table":"L","partitionKey":"b",)"
                         R"("sortKey":"r","itemCount":2,"findings":[)"
                         R"({"severity":"error","rule":"numeric-sort-order",)"
                         R"("collections":["S1"],"collectionCount":1,)"));
  EXPECT_THAT(
      run.out,
      HasSubstr(
          R"("examples":["S1: \"9#p_1\" sorts after \"1500#p_2\", but 9 < 1500"])"));
  EXPECT_THAT(run.out, HasSubstr(R"(],"errors":1,"warnings":0,"infos":1})"));
}

TEST(LintCommandTest, UsageErrorsExitTwo) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {},
           {"--table", "T", "file.jsonl"},
           {"--pk", "p", "file.jsonl"},
           {"--table", "T", "--pk", "p:Q", "-"},
           {"--exec", "a.ddb", "--pk", "p"},
           {"--exec", "a.ddb", "--endpoint", "http://127.0.0.1:1"},
           {"--exec", "a.ddb", "--table", "T"},
           {"--bogus"},
           {"--json=yes", "--exec", "a.ddb"},
           {"--exec"},
           {"a", "b", "--table", "T", "--pk", "p"}}) {
    SCOPED_TRACE(::testing::PrintToString(args));
    LintRun run = Lint(args);
    EXPECT_EQ(run.exit, 2);
    EXPECT_THAT(run.err, StartsWith("dynamite lint: "));
  }
}

TEST(LintCommandTest, UnreadableInputExitsTwo) {
  LintRun missing = Lint({"--table", "T", "--pk", "p", "/nonexistent/file"});
  EXPECT_EQ(missing.exit, 2);
  EXPECT_THAT(missing.err, HasSubstr("cannot open /nonexistent/file"));
  LintRun bad = Lint({"--table", "T", "--pk", "p", "-"}, "{\n");
  EXPECT_EQ(bad.exit, 2);
  EXPECT_THAT(bad.err, HasSubstr("-: line 1"));
  LintRun refused = Lint({"--endpoint", "http://10.0.0.1:8000"});
  EXPECT_EQ(refused.exit, 2);
}

TEST(LintCommandTest, HelpExitsZero) {
  LintRun run = Lint({"--help"});
  EXPECT_EQ(run.exit, 0);
  EXPECT_THAT(run.out, StartsWith("Usage: dynamite lint"));
}

TEST(LintCommandTest, LintsAnExecScriptFromStandardInput) {
  LintRun run = Lint({"--exec", "-"}, R"(CreateTable {"TableName": "Orders",
  "KeySchema": [{"AttributeName": "c", "KeyType": "HASH"},
                {"AttributeName": "o", "KeyType": "RANGE"}],
  "AttributeDefinitions": [{"AttributeName": "c", "AttributeType": "S"},
                           {"AttributeName": "o", "AttributeType": "S"}],
  "BillingMode": "PAY_PER_REQUEST"}
PutItem {"TableName": "Orders", "Item": {"c": {"S": "C1"}, "o": {"S": "ORDER#9"}}}
PutItem {"TableName": "Orders", "Item": {"c": {"S": "C1"}, "o": {"S": "ORDER#10"}}}
)");
  EXPECT_EQ(run.exit, 1) << run.err;
  EXPECT_THAT(run.out, HasSubstr("error numeric-sort-order: segment 1 of o "
                                 "(after \"ORDER#\")"));
}

}  // namespace
}  // namespace dynamite
