#include "store/tag_set.h"

#include <algorithm>

#include "absl/container/btree_map.h"

namespace dynamite {
namespace {

// Rewrites `tags` from `map`, which orders the keys as the list keeps them.
void Assign(const absl::btree_map<std::string, std::string>& map,
            std::vector<Tag>& tags) {
  tags.clear();
  tags.reserve(map.size());
  for (const auto& [key, value] : map) tags.push_back({key, value});
}

}  // namespace

bool PutTags(std::vector<Tag>& tags, absl::Span<const Tag> given,
             size_t max_tags) {
  absl::btree_map<std::string, std::string> merged;
  for (const Tag& tag : tags) merged.emplace(tag.key, tag.value);
  for (const Tag& tag : given) merged[tag.key] = tag.value;
  if (merged.size() > max_tags) return false;
  Assign(merged, tags);
  return true;
}

void RemoveTags(std::vector<Tag>& tags, absl::Span<const std::string> keys) {
  tags.erase(std::remove_if(tags.begin(), tags.end(),
                            [&](const Tag& tag) {
                              return std::find(keys.begin(), keys.end(),
                                               tag.key) != keys.end();
                            }),
             tags.end());
}

}  // namespace dynamite
