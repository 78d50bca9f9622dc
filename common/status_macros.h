// The two status-propagation macros the project uses (abseil 20220623 has
// none). See STYLE.md §5.3.
//
// Thread safety: macros only; no state.

#ifndef DYNAMITE_COMMON_STATUS_MACROS_H_
#define DYNAMITE_COMMON_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

// Returns from the current function if `expr` yields a non-OK absl::Status.
// The local's name is one no caller's member or variable will have: named
// `status_`, it shadowed a class member of that name, so that
// DYNAMITE_RETURN_IF_ERROR(status_) read the uninitialised local and let
// errors through.
#define DYNAMITE_RETURN_IF_ERROR(expr)                  \
  do {                                                  \
    if (::absl::Status dynamite_macro_status_ = (expr); \
        !dynamite_macro_status_.ok()) {                 \
      return dynamite_macro_status_;                    \
    }                                                   \
  } while (false)

// Evaluates `rexpr` (an absl::StatusOr<T>); on error returns its status,
// otherwise moves the value into `lhs`, which may be a declaration.
#define DYNAMITE_ASSIGN_OR_RETURN(lhs, rexpr) \
  DYNAMITE_ASSIGN_OR_RETURN_IMPL_(            \
      DYNAMITE_STATUS_CONCAT_(statusor_, __LINE__), lhs, rexpr)

#define DYNAMITE_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, rexpr) \
  auto statusor = (rexpr);                                    \
  if (!statusor.ok()) {                                       \
    return std::move(statusor).status();                      \
  }                                                           \
  lhs = std::move(statusor).value()

#define DYNAMITE_STATUS_CONCAT_(a, b) DYNAMITE_STATUS_CONCAT_INNER_(a, b)
#define DYNAMITE_STATUS_CONCAT_INNER_(a, b) a##b

#endif  // DYNAMITE_COMMON_STATUS_MACROS_H_
