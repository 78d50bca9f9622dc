// ExpressionCache: parsed expression trees, keyed by what a parse depends
// on, so that a request repeating an expression with other `:values`
// skips the lexer, the parser and their checks. Applications send the same
// few expression texts over and over; only the values change.
//
// Exactness. A tree is a function of the expression kind, its text, the
// request's ExpressionAttributeNames and the *types* of its slots' values —
// except for the two checks that read a value's contents (BETWEEN bounds in
// order, attribute_type's type name: query/expression_checks.h
// PassesValueContentChecks()). So only successful parses are cached, keyed
// by kind, text and names, and each entry keeps its slots' placeholders and
// value types. A request reuses the tree when every slot's placeholder is
// defined, with a value of the recorded type, and the content checks pass;
// the placeholders the parse used are then marked used, as parsing would
// have. Anything else is parsed afresh, which reports DynamoDB's exact
// error, or, when it succeeds with other types, replaces the entry.
//
// Size: at most `capacity` entries. When full, the cache is emptied rather
// than kept in LRU order: no bookkeeping on the hit path, and memory stays
// bounded against a client that sends endless distinct texts.
//
// Thread safety: thread-safe. Each thread first looks in a memo of the few
// entries it used last, its own (no lock); the shared map's lookups share a
// reader lock. The trees handed out are immutable and outlive their
// eviction.

#ifndef DYNAMITE_QUERY_EXPRESSION_CACHE_H_
#define DYNAMITE_QUERY_EXPRESSION_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "common/mutex.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/key_condition.h"
#include "query/parser.h"
#include "query/placeholders.h"

namespace dynamite {

class ExpressionCache {
 public:
  static constexpr size_t kDefaultCapacity = 4096;

  explicit ExpressionCache(size_t capacity = kDefaultCapacity)
      : capacity_(capacity), id_(NextId()) {}

  ExpressionCache(const ExpressionCache&) = delete;
  ExpressionCache& operator=(const ExpressionCache&) = delete;

  // ParseCondition(text, kind, placeholders), bound to the request's values
  // (kind: ConditionExpression, FilterExpression or KeyConditionExpression).
  absl::StatusOr<BoundCondition> CompileCondition(absl::string_view text,
                                                  ExpressionKind kind,
                                                  Placeholders& placeholders);

  // A KeyConditionExpression compiled as CompileCondition() does, with its
  // terms (query/key_condition.h KeyConditionTerms(), whose errors it
  // returns). The terms' shape is derived once per cached tree; a request
  // only binds it to its values.
  struct KeyConditionParts {
    BoundCondition condition;
    // Point into the condition's tree and the request's values.
    KeyConditionTermList terms;
  };
  absl::StatusOr<KeyConditionParts> CompileKeyCondition(
      absl::string_view text, Placeholders& placeholders);

  // ParseUpdate(text, placeholders), bound to the request's values.
  absl::StatusOr<BoundUpdate> CompileUpdate(absl::string_view text,
                                            Placeholders& placeholders);

  // ParseProjection(text, placeholders), then CheckPathsDisjoint() (query/
  // projection.h): the paths of a valid ProjectionExpression.
  absl::StatusOr<std::shared_ptr<const std::vector<DocumentPath>>>
  CompileProjection(absl::string_view text, Placeholders& placeholders);

  // Entries held now.
  size_t size() const;

  struct Entry;

 private:
  // The Bound holds its entry, so `*entry_out` (when given) stays valid as
  // long as the Bound does.
  template <typename Tree, typename Parse>
  absl::StatusOr<Bound<Tree>> Compile(ExpressionKind kind,
                                      absl::string_view text,
                                      Placeholders& placeholders,
                                      const Parse& parse,
                                      const Entry** entry_out = nullptr);

  // Looks in the thread's memo of recent entries (expression_cache.cc),
  // then in the map.
  std::shared_ptr<const Entry> Find(absl::string_view key) const;
  void Insert(std::string key, std::shared_ptr<const Entry> entry);

  static uint64_t NextId();

  const size_t capacity_;
  // Marks this cache's entries in the threads' memos.
  const uint64_t id_;
  mutable Mutex mu_;
  absl::flat_hash_map<std::string, std::shared_ptr<const Entry>> entries_
      ABSL_GUARDED_BY(mu_);
};

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_EXPRESSION_CACHE_H_
