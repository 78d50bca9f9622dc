// TransactionTokens: the ClientRequestTokens of recent TransactWriteItems
// (reference §8.4).
//
// A transaction that carries a token runs under it: repeated with the same
// request within 10 minutes of its success, it succeeds again without
// applying anything (answering with the replay's capacity: the read units
// of its items, as DynamoDB does); repeated with a different request, it is
// IdempotentParameterMismatchException. A transaction that failed leaves no
// token behind, so a retry runs afresh. The 10 minutes are measured on the
// Database's clock, so a test moves time on with a fake one.
//
// Thread safety: thread-safe. Transactions with tokens run one at a time
// (the token table's lock is held while one runs, so a repeat racing the
// first waits for its outcome); those without never touch it. The lock is
// taken before any table's, never after.

#ifndef DYNAMITE_API_TRANSACTION_TOKENS_H_
#define DYNAMITE_API_TRANSACTION_TOKENS_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/time/time.h"

#include "api/transact_requests.h"
#include "common/clock.h"
#include "common/mutex.h"

namespace dynamite {

inline constexpr absl::Duration kClientRequestTokenLifetime = absl::Minutes(10);

class TransactionTokens {
 public:
  // What a successful transaction answers, and what its repeats answer.
  struct Outcome {
    TransactWriteResult result;
    TransactWriteItemsResponse replay;
  };
  using RunFn = absl::FunctionRef<Outcome()>;

  // Runs `run` for `request` under its token (REQUIRES: it has one), or
  // answers for it as described above.
  TransactWriteResult Run(const TransactWriteItemsRequest& request,
                          const Clock& clock, RunFn run)
      ABSL_LOCKS_EXCLUDED(mu_);

 private:
  struct Entry {
    TransactWriteItemsRequest request;
    TransactWriteItemsResponse replay;
    absl::Time completed;
  };
  // Forgets the tokens whose 10 minutes are over.
  void ExpireLocked(absl::Time now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  Mutex mu_;
  absl::flat_hash_map<std::string, Entry> entries_ ABSL_GUARDED_BY(mu_);
};

}  // namespace dynamite

#endif  // DYNAMITE_API_TRANSACTION_TOKENS_H_
