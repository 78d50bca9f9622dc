// Golden reports of the seed data in lint_data/ (generate.py writes the
// items; the .expected files are the reports): the raw leaderboard scores
// and the audit log with 6/23/2026 dates are flagged, the padded/inverted
// leaderboard and the ISO-8601 audit log are clean.
//
// After an intended change of the output, regenerate the .expected files
// with DYNAMITE_UPDATE_GOLDEN=1 and review their diff.

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/lint_command.h"

namespace dynamite {
namespace {

struct GoldenCase {
  std::string name;  // lint_data/<name>.expected
  std::vector<std::string> args;
  int exit;
};

std::string DataPath(const std::string& file) {
  return std::string(DYNAMITE_LINT_DATA_DIR) + "/" + file;
}

std::vector<std::string> FileArgs(const std::string& file,
                                  const std::string& table,
                                  const std::string& pk,
                                  const std::string& sk) {
  return {"--table", table, "--pk", pk, "--sk", sk, DataPath(file)};
}

std::vector<GoldenCase> Cases() {
  std::vector<std::string> raw_json = FileArgs(
      "leaderboard_raw.jsonl", "Leaderboard", "leaderboardId", "rankKey");
  raw_json.insert(raw_json.begin(), "--json");
  return {
      {"leaderboard_raw",
       FileArgs("leaderboard_raw.jsonl", "Leaderboard", "leaderboardId",
                "rankKey"),
       1},
      {"leaderboard_raw.json", raw_json, 1},
      {"leaderboard_padded",
       FileArgs("leaderboard_padded.jsonl", "Leaderboard", "leaderboardId",
                "rankKey"),
       0},
      {"audit_iso", FileArgs("audit_iso.jsonl", "AuditLog", "PK", "SK"), 0},
      {"audit_us_dates",
       FileArgs("audit_us_dates.jsonl", "AuditLog", "PK", "SK"), 1},
      {"imprecise_numbers",
       FileArgs("imprecise_numbers.jsonl", "Prices", "sku", "day"), 1},
      {"orders_exec", {"--exec", DataPath("orders.ddb")}, 1},
  };
}

class LintGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(LintGoldenTest, MatchesExpectedReport) {
  const GoldenCase& c = GetParam();
  std::istringstream in;
  std::ostringstream out, err;
  const int exit = RunLintCommand(c.args, in, out, err);
  EXPECT_EQ(exit, c.exit) << err.str();
  const std::string expected_path = DataPath(c.name + ".expected");
  if (std::getenv("DYNAMITE_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(expected_path) << out.str();
  }
  std::ifstream expected_file(expected_path);
  ASSERT_TRUE(expected_file) << "missing " << expected_path;
  std::stringstream expected;
  expected << expected_file.rdbuf();
  EXPECT_EQ(out.str(), expected.str());
}

INSTANTIATE_TEST_SUITE_P(SeedData, LintGoldenTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<GoldenCase>& info) {
                           std::string name = info.param.name;
                           for (char& ch : name) {
                             if (ch == '.') ch = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace dynamite
