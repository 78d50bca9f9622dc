// Bound<Tree>: an expression tree together with the values of its slots for
// one request — what evaluation (query/evaluate.h) and ApplyUpdate()
// (query/update.h) take.
//
// The tree is shared and immutable: the expression cache (query/
// expression_cache.h) hands the same tree to every request that writes the
// same text, and each request binds its own values. The values are either
// the request's ExpressionAttributeValues (pointers; the request must
// outlive the Bound) or literals the Bound owns, for the trees a legacy
// translation (query/legacy.h) builds from values of its own.
//
// Thread safety: const access may be concurrent; the tree is never
// modified.

#ifndef DYNAMITE_QUERY_BOUND_H_
#define DYNAMITE_QUERY_BOUND_H_

#include <memory>
#include <utility>
#include <vector>

#include "query/ast.h"
#include "query/placeholders.h"
#include "store/value.h"

namespace dynamite {

template <typename Tree>
class Bound {
 public:
  // `tree`'s slot i is *values[i]. REQUIRES: tree != nullptr.
  Bound(std::shared_ptr<const Tree> tree, Placeholders::ValueList values)
      : tree_(std::move(tree)), values_(std::move(values)) {}

  // `tree`'s slot i is literals[i], owned by the Bound.
  Bound(Tree tree, std::vector<AttributeValue> literals)
      : tree_(std::make_shared<const Tree>(std::move(tree))),
        literals_(std::move(literals)) {
    values_.reserve(literals_.size());
    for (const AttributeValue& value : literals_) values_.push_back(&value);
  }

  // Moving keeps the literals' heap buffer, so values_ stays valid (its
  // pointers, inline or not, are copied); a copy would point into the
  // original's literals.
  Bound(Bound&&) = default;
  Bound& operator=(Bound&&) = default;
  Bound(const Bound&) = delete;
  Bound& operator=(const Bound&) = delete;

  const Tree& tree() const { return *tree_; }
  const std::shared_ptr<const Tree>& shared_tree() const { return tree_; }
  ValueBindings values() const { return values_; }

 private:
  std::shared_ptr<const Tree> tree_;
  std::vector<AttributeValue> literals_;
  Placeholders::ValueList values_;
};

using BoundCondition = Bound<Condition>;
using BoundUpdate = Bound<UpdateExpression>;

// Binds a tree just parsed with `placeholders` to the values they resolve,
// without the cache. REQUIRES: the parse succeeded (every slot is defined).
template <typename Tree>
Bound<Tree> BindParsed(Tree tree, const Placeholders& placeholders) {
  Placeholders::ValueList values = *placeholders.Bind(ValueSlots(tree));
  return Bound<Tree>(std::make_shared<const Tree>(std::move(tree)),
                     std::move(values));
}

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_BOUND_H_
