#include "common/errors.h"

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;

TEST(ErrorsTest, KindSurvivesAsPayload) {
  absl::Status s = ResourceInUseError("Table already exists: t");

  EXPECT_THAT(s, IsError(ErrorKind::kResourceInUse, "Table already exists: t"));
  EXPECT_EQ(s.code(), absl::StatusCode::kAlreadyExists);
}

TEST(ErrorsTest, SerializationAndValidationShareACodeButNotAKind) {
  EXPECT_EQ(ErrorKindOf(SerializationError("x")), ErrorKind::kSerialization);
  EXPECT_EQ(ErrorKindOf(ValidationError("x")), ErrorKind::kValidation);
}

TEST(ErrorsTest, PlainStatusMapsFromCode) {
  EXPECT_EQ(ErrorKindOf(absl::InvalidArgumentError("x")),
            ErrorKind::kValidation);
  EXPECT_EQ(ErrorKindOf(absl::NotFoundError("x")),
            ErrorKind::kResourceNotFound);
  EXPECT_EQ(ErrorKindOf(absl::UnknownError("x")), ErrorKind::kInternal);
}

TEST(ErrorsTest, NamesAreDynamoDbs) {
  EXPECT_EQ(ErrorName(ErrorKind::kConditionalCheckFailed),
            "ConditionalCheckFailedException");
  EXPECT_EQ(ErrorName(ErrorKind::kInternal), "InternalServerError");
}

}  // namespace
}  // namespace dynamite
