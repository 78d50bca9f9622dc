#include "wire/exec_script.h"

#include <sstream>
#include <string>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kCreate[] =
    R"(CreateTable {"TableName":"tab","BillingMode":"PAY_PER_REQUEST",)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";

// Runs `script` with the clock pinned; returns the output lines.
std::vector<std::string> RunScript(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  ExecOptions options;
  options.fixed_time = DefaultFixedTime();
  EXPECT_THAT(RunExecScript(in, out, options), IsOk());
  std::vector<std::string> lines;
  std::istringstream output(out.str());
  for (std::string line; std::getline(output, line);) lines.push_back(line);
  return lines;
}

TEST(ExecScriptTest, PrintsOneLinePerRequest) {
  std::vector<std::string> lines =
      RunScript(std::string(kCreate) + "\n" +
                "ListTables {}\n"
                "GetItem {\"TableName\":\"tab\",\"Key\":"
                "{\"pk\":{\"S\":\"a\"}}}\n");

  ASSERT_EQ(lines.size(), 3u);
  EXPECT_THAT(lines[0], StartsWith(R"({"TableDescription":{)"));
  EXPECT_EQ(lines[1], R"({"TableNames":["tab"]})");
  EXPECT_EQ(lines[2], "{}");
}

TEST(ExecScriptTest, SkipsBlankAndCommentLinesAndDefaultsTheBody) {
  EXPECT_THAT(RunScript("# a comment\n\n   \n  # indented comment\nListTables\n"
                        "ListTables   \t\n"),
              ElementsAre(R"({"TableNames":[]})", R"({"TableNames":[]})"));
}

TEST(ExecScriptTest, FailuresPrintErrorBodiesAndTheScriptGoesOn) {
  EXPECT_THAT(
      RunScript("ListTable {}\nDescribeTable {\"TableName\":\"nope\"}\n"
                "ListTables {}\n"),
      ElementsAre(
          R"({"__type":"com.amazon.coral.service#UnknownOperationException"})",
          R"({"__type":"com.amazonaws.dynamodb.v20120810#)"
          R"(ResourceNotFoundException","message":"Requested resource not )"
          R"(found: Table: nope not found"})",
          R"({"TableNames":[]})"));
}

TEST(ExecScriptTest, IncompleteJsonContinuesOnIndentedLines) {
  EXPECT_THAT(RunScript("ListTables {\n"
                        "    \"Limit\": 5\n"
                        "\t}\n"
                        "ListTables\n"),
              ElementsAre(R"({"TableNames":[]})", R"({"TableNames":[]})"));
}

TEST(ExecScriptTest, IncompleteJsonEndsAtTheNextRequest) {
  EXPECT_THAT(
      RunScript("GetItem {\"TableName\":\nListTables {}\nGetItem {\"a\":"),
      ElementsAre(
          R"({"__type":"com.amazon.coral.service#SerializationException"})",
          R"({"TableNames":[]})",
          R"({"__type":"com.amazon.coral.service#SerializationException"})"));
}

TEST(ExecScriptTest, MalformedJsonRunsAtOnce) {
  EXPECT_THAT(
      RunScript("ListTables {\"Limit\" 5}\nListTables\n"),
      ElementsAre(
          R"({"__type":"com.amazon.coral.service#SerializationException"})",
          R"({"TableNames":[]})"));
}

TEST(ExecScriptTest, AcceptsWindowsLineEnds) {
  EXPECT_THAT(RunScript("ListTables {}\r\nListTables\r\n"),
              ElementsAre(R"({"TableNames":[]})", R"({"TableNames":[]})"));
}

TEST(ExecScriptTest, FixedClockPinsCreationDateTime) {
  std::vector<std::string> lines = RunScript(kCreate);

  ASSERT_EQ(lines.size(), 1u);
  EXPECT_THAT(lines[0], HasSubstr(R"("CreationDateTime":1767225600,)"));
}

TEST(ExecScriptTest, SameScriptSameOutput) {
  std::string script =
      std::string(kCreate) +
      "\nPutItem {\"TableName\":\"tab\",\"Item\":{\"pk\":{\"S\":"
      "\"a\"},\"n\":{\"N\":\"1.0\"}}}\n"
      "DescribeTable {\"TableName\":\"tab\"}\n";

  EXPECT_EQ(RunScript(script), RunScript(script));
}

TEST(ExecScriptTest, DefaultFixedTimeIsNewYear2026) {
  EXPECT_EQ(absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", DefaultFixedTime(),
                             absl::UTCTimeZone()),
            "2026-01-01T00:00:00Z");
}

}  // namespace
}  // namespace dynamite
