// DYNAMITE_CHECK: an invariant that must hold in release builds too. A
// failure is a bug in Dynamite, never a client error: it prints the condition
// and aborts.
//
// Thread safety: stateless.

#ifndef DYNAMITE_COMMON_CHECK_H_
#define DYNAMITE_COMMON_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define DYNAMITE_CHECK(cond)                                               \
  do {                                                                     \
    if (!(cond)) {                                                         \
      std::fprintf(stderr, "%s:%d: DYNAMITE_CHECK failed: %s\n", __FILE__, \
                   __LINE__, #cond);                                       \
      std::abort();                                                        \
    }                                                                      \
  } while (false)

#endif  // DYNAMITE_COMMON_CHECK_H_
