// Runs every `dynamite exec` script in examples/ and tests/golden/ with the
// clock pinned (as `dynamite exec --fixed-clock` does) and compares the
// output with the script's `.expected` file beside it, line by line.
//
// A script whose first line is "#! dynamite exec OPTIONS" is run with those
// options as well (of `dynamite exec`'s, --fixed-clock, which every script
// has, and --delay-transient-statuses=D), so the line says how to run it
// by hand.
//
// To accept new output after a deliberate change, run the test with
// DYNAMITE_UPDATE_GOLDEN=1 and review the diff of the .expected files.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "wire/exec_script.h"

namespace dynamite {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> Scripts() {
  std::vector<fs::path> scripts;
  for (const char* dir : {"examples", "tests/golden"}) {
    for (const auto& entry :
         fs::directory_iterator(fs::path(DYNAMITE_SOURCE_DIR) / dir)) {
      if (entry.path().extension() == ".ddb") scripts.push_back(entry.path());
    }
  }
  std::sort(scripts.begin(), scripts.end());
  return scripts;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The options of the script's "#! dynamite exec ..." line, if any.
ExecOptions OptionsOf(const std::string& script_text) {
  ExecOptions options;
  options.fixed_time = DefaultFixedTime();
  const std::string first_line = script_text.substr(0, script_text.find('\n'));
  constexpr absl::string_view kShebang = "#! dynamite exec";
  if (!absl::StartsWith(first_line, kShebang)) return options;
  for (absl::string_view option :
       absl::StrSplit(absl::string_view(first_line).substr(kShebang.size()),
                      ' ', absl::SkipEmpty())) {
    if (option == "--fixed-clock") continue;
    absl::Duration delay;
    EXPECT_TRUE(absl::ConsumePrefix(&option, "--delay-transient-statuses=") &&
                absl::ParseDuration(option, &delay))
        << "golden_test does not know the exec option " << option;
    options.transient_status_delay = delay;
  }
  return options;
}

class GoldenTest : public ::testing::TestWithParam<fs::path> {};

TEST_P(GoldenTest, OutputMatchesExpected) {
  const fs::path script = GetParam();
  fs::path expected_path = script;
  expected_path.replace_extension(".expected");

  const std::string text = ReadFile(script);
  std::istringstream in(text);
  std::ostringstream out;
  ASSERT_TRUE(RunExecScript(in, out, OptionsOf(text)).ok());

  if (std::getenv("DYNAMITE_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(expected_path, std::ios::binary) << out.str();
  }
  ASSERT_TRUE(fs::exists(expected_path))
      << expected_path << " is missing; run with DYNAMITE_UPDATE_GOLDEN=1";
  EXPECT_EQ(Lines(out.str()), Lines(ReadFile(expected_path)));
}

INSTANTIATE_TEST_SUITE_P(Scripts, GoldenTest, ::testing::ValuesIn(Scripts()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           std::string name = info.param.stem().string();
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) {
                               c = '_';
                             }
                           }
                           return name;
                         });

}  // namespace
}  // namespace dynamite
