// GoogleTest matchers for absl::Status / absl::StatusOr and DynamoDB error
// kinds (abseil 20220623 ships none). See STYLE.md §8.4.
//
// Thread safety: matchers are stateless.

#ifndef DYNAMITE_TESTS_SUPPORT_STATUS_MATCHERS_H_
#define DYNAMITE_TESTS_SUPPORT_STATUS_MATCHERS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gmock/gmock.h"

#include "common/errors.h"

namespace dynamite::testing {

inline const absl::Status& GetStatus(const absl::Status& s) { return s; }
// absl::StatusOr<T>, and WriteResult<T> (api/write_result.h).
template <typename T>
const absl::Status& GetStatus(const T& s) {
  return s.status();
}

MATCHER(IsOk, "is OK") {
  *result_listener << "status is " << GetStatus(arg);
  return GetStatus(arg).ok();
}

MATCHER_P(StatusIs, code, "has status code " + absl::StatusCodeToString(code)) {
  *result_listener << "status is " << GetStatus(arg);
  return GetStatus(arg).code() == code;
}

MATCHER_P(ErrorKindIs, kind,
          std::string("has error kind ") + std::string(ErrorName(kind))) {
  const absl::Status& s = GetStatus(arg);
  *result_listener << "status is " << s;
  return !s.ok() && ErrorKindOf(s) == kind;
}

// The error kind and the exact DynamoDB message.
MATCHER_P2(IsError, kind, message,
           std::string("is ") + std::string(ErrorName(kind)) + " \"" +
               std::string(message) + "\"") {
  const absl::Status& s = GetStatus(arg);
  *result_listener << "status is " << s;
  return !s.ok() && ErrorKindOf(s) == kind && s.message() == message;
}

MATCHER_P(IsOkAndHolds, m, "is OK and holds a value that matches") {
  if (!arg.ok()) {
    *result_listener << "status is " << arg.status();
    return false;
  }
  return ::testing::ExplainMatchResult(m, *arg, result_listener);
}

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_STATUS_MATCHERS_H_
