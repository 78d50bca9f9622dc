#include "store/tag_set.h"

namespace dynamite {

bool TagSet::Put(absl::Span<const Tag> tags, size_t max_tags) {
  MutexLock lock(&mu_);
  size_t added = 0;
  for (size_t i = 0; i < tags.size(); ++i) {
    if (tags_.contains(tags[i].key)) continue;
    // A key given twice in `tags` counts once.
    bool seen = false;
    for (size_t j = 0; j < i && !seen; ++j) seen = tags[j].key == tags[i].key;
    if (!seen) ++added;
  }
  if (tags_.size() + added > max_tags) return false;
  for (const Tag& tag : tags) tags_[tag.key] = tag.value;
  return true;
}

void TagSet::Remove(absl::Span<const std::string> keys) {
  MutexLock lock(&mu_);
  for (const std::string& key : keys) tags_.erase(key);
}

std::vector<Tag> TagSet::List() const {
  ReaderMutexLock lock(&mu_);
  std::vector<Tag> tags;
  tags.reserve(tags_.size());
  for (const auto& [key, value] : tags_) tags.push_back({key, value});
  return tags;
}

}  // namespace dynamite
