#include "api/transaction_tokens.h"

#include <utility>

#include "absl/container/flat_hash_map.h"

#include "common/errors.h"

namespace dynamite {

TransactWriteResult TransactionTokens::Run(
    const TransactWriteItemsRequest& request, const Clock& clock, RunFn run) {
  const std::string& token = *request.client_request_token;
  MutexLock lock(&mu_);
  ExpireLocked(clock.Now());
  if (auto it = entries_.find(token); it != entries_.end()) {
    if (!(it->second.request == request)) {
      return MakeError(
          ErrorKind::kIdempotentParameterMismatch,
          "DynamoDB rejected the request because you retried a request with "
          "a different payload but with an idempotent token that was already "
          "used.");
    }
    return it->second.replay;
  }
  Outcome outcome = run();
  if (outcome.result.ok()) {
    entries_.insert_or_assign(
        token, Entry{request, std::move(outcome.replay), clock.Now()});
  }
  return std::move(outcome.result);
}

void TransactionTokens::ExpireLocked(absl::Time now) {
  absl::erase_if(entries_, [now](const auto& entry) {
    return now - entry.second.completed >= kClientRequestTokenLifetime;
  });
}

}  // namespace dynamite
