// TagSet: the tags of one table (TagResource, UntagResource,
// ListTagsOfResource, CreateTable's Tags), as key -> value.
//
// A table's tags live beside its items in its Table (store/table.h), so
// deleting the table drops them and a table re-created under the same name
// starts with none. Tag changes are not commits: they touch neither items
// nor the definition, and no stream or commit observer sees them (as
// DynamoDB's streams carry no tag changes). Keys are kept in byte order,
// which is the order ListTagsOfResource lists them in. The validation of
// keys and values is the api's (api/tag_rules.h); the set only enforces
// the limit it is given, atomically with the change.
//
// Thread safety: all methods may be called concurrently; one Mutex guards
// the map, and each method holds it for its whole change, so concurrent
// TagResource calls never lose each other's tags.

#ifndef DYNAMITE_STORE_TAG_SET_H_
#define DYNAMITE_STORE_TAG_SET_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/btree_map.h"
#include "absl/types/span.h"

#include "common/mutex.h"

namespace dynamite {

// One tag, as DynamoDB's Tag shape holds it.
struct Tag {
  std::string key;
  std::string value;

  friend bool operator==(const Tag&, const Tag&) = default;
};

class TagSet {
 public:
  TagSet() = default;
  TagSet(const TagSet&) = delete;
  TagSet& operator=(const TagSet&) = delete;

  // Sets every tag of `tags` (a key already present takes the new value)
  // unless the set would then hold more than `max_tags` keys; returns
  // false, changing nothing, in that case.
  bool Put(absl::Span<const Tag> tags, size_t max_tags)
      ABSL_LOCKS_EXCLUDED(mu_);
  // Removes the tags of `keys`; keys not present are ignored.
  void Remove(absl::Span<const std::string> keys) ABSL_LOCKS_EXCLUDED(mu_);
  // A copy of the tags, in byte order of their keys.
  std::vector<Tag> List() const ABSL_LOCKS_EXCLUDED(mu_);

 private:
  mutable Mutex mu_;
  absl::btree_map<std::string, std::string> tags_ ABSL_GUARDED_BY(mu_);
};

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TAG_SET_H_
