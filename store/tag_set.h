// The tags of one table (TagResource, UntagResource, ListTagsOfResource,
// CreateTable's Tags): a list of key -> value kept in byte order of the
// keys, which is the order ListTagsOfResource lists them in.
//
// A table's tags are part of its definition (TableDefinition::tags,
// store/table_definition.h), so a tag change is a table commit like any
// other redefinition: the write-ahead log keeps it across a restart,
// deleting the table drops the tags, and a table re-created under the same
// name starts with none. (Streams carry no tag changes, as DynamoDB's do
// not: a redefinition that leaves the stream as it was adds no record.)
// The validation of keys and values is the api's (api/tag_rules.h); these
// functions only enforce the limit they are given.
//
// Thread safety: plain functions over a list the caller owns; Table's
// Redefine makes each change atomic.

#ifndef DYNAMITE_STORE_TAG_SET_H_
#define DYNAMITE_STORE_TAG_SET_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/types/span.h"

namespace dynamite {

// One tag, as DynamoDB's Tag shape holds it.
struct Tag {
  std::string key;
  std::string value;

  friend bool operator==(const Tag&, const Tag&) = default;
};

// Sets every tag of `given` in `tags` (a key already present takes the new
// value; a key given twice takes the later value and counts once) unless
// `tags` would then hold more than `max_tags` keys; returns false, changing
// nothing, in that case. `tags` stays in byte order of its keys.
bool PutTags(std::vector<Tag>& tags, absl::Span<const Tag> given,
             size_t max_tags);

// Removes the tags of `keys` from `tags`; keys not present are ignored.
void RemoveTags(std::vector<Tag>& tags, absl::Span<const std::string> keys);

}  // namespace dynamite

#endif  // DYNAMITE_STORE_TAG_SET_H_
