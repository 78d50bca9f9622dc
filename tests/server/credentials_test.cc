// server/credentials: the `dynamite serve --auth FILE` key file.

#include "server/credentials.h"

#include <cstdio>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::StatusIs;
using ::testing::HasSubstr;
using ::testing::Pair;
using ::testing::UnorderedElementsAre;

TEST(CredentialsTest, ParsesPairsSkippingBlankLinesAndComments) {
  absl::StatusOr<Credentials> credentials = ParseCredentials(
      "# dynamite keys\n"
      "\n"
      "AKIDEXAMPLE wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY\n"
      "  \t\n"
      "  # indented comment\n"
      "other\t\tsecret2   \r\n"
      "last s3");

  ASSERT_THAT(credentials, IsOk());
  EXPECT_THAT(
      *credentials,
      UnorderedElementsAre(
          Pair("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
          Pair("other", "secret2"), Pair("last", "s3")));
}

TEST(CredentialsTest, EmptyTextHasNoKeys) {
  absl::StatusOr<Credentials> credentials = ParseCredentials("");
  ASSERT_THAT(credentials, IsOk());
  EXPECT_TRUE(credentials->empty());
}

TEST(CredentialsTest, MalformedLinesNameTheirNumber) {
  for (const char* text : {"a b\nonlykey\n", "a b\nk s extra\n"}) {
    SCOPED_TRACE(text);
    absl::StatusOr<Credentials> credentials = ParseCredentials(text);
    EXPECT_THAT(credentials, StatusIs(absl::StatusCode::kInvalidArgument));
    EXPECT_THAT(credentials.status().message(), HasSubstr("line 2:"));
  }
}

TEST(CredentialsTest, RepeatedKeyIdIsAnError) {
  absl::StatusOr<Credentials> credentials = ParseCredentials("a b\n# c\na c\n");
  EXPECT_THAT(credentials, StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(credentials.status().message(), HasSubstr("line 3:"));
}

TEST(CredentialsTest, LoadsAFile) {
  const std::string path = ::testing::TempDir() + "/credentials_test_keys";
  {
    std::ofstream out(path);
    out << "# keys\nAKID secret\n";
  }
  absl::StatusOr<Credentials> credentials = LoadCredentialsFile(path);
  ASSERT_THAT(credentials, IsOk());
  EXPECT_THAT(*credentials, UnorderedElementsAre(Pair("AKID", "secret")));

  {
    std::ofstream out(path);
    out << "AKID secret\nbroken\n";
  }
  credentials = LoadCredentialsFile(path);
  EXPECT_THAT(credentials, StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(credentials.status().message(), HasSubstr(path + ": line 2:"));
  std::remove(path.c_str());
}

TEST(CredentialsTest, MissingFileIsNotFound) {
  absl::StatusOr<Credentials> credentials =
      LoadCredentialsFile(::testing::TempDir() + "/no/such/credentials");
  EXPECT_THAT(credentials, StatusIs(absl::StatusCode::kNotFound));
  EXPECT_THAT(credentials.status().message(), HasSubstr("no/such/credentials"));
}

}  // namespace
}  // namespace dynamite
