#include "store/catalog.h"

#include <utility>

#include "absl/strings/str_cat.h"

#include "common/errors.h"

namespace dynamite {

absl::StatusOr<std::shared_ptr<Table>> Catalog::Create(
    TableDefinition definition, absl::Span<const Tag> tags) {
  MutexLock lock(&mu_);
  auto [it, inserted] = tables_.try_emplace(definition.name);
  if (!inserted) {
    return ResourceInUseError(
        absl::StrCat("Table already exists: ", definition.name));
  }
  it->second = std::make_shared<Table>(std::move(definition), &sequencer_);
  // The caller validated the tags, limit included.
  it->second->tags().Put(tags, tags.size());
  TableChangeRecord record{.kind = TableChangeRecord::Kind::kCreate,
                           .table = it->second.get(),
                           .definition = it->second->definition()};
  sequencer_.PublishTable(record);
  return it->second;
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::Find(
    absl::string_view name, absl::string_view not_found_message) const {
  ReaderMutexLock lock(&mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return ResourceNotFoundError(not_found_message);
  return it->second;
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::Delete(
    absl::string_view name, absl::string_view not_found_message) {
  MutexLock lock(&mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return ResourceNotFoundError(not_found_message);
  std::shared_ptr<Table> table = std::move(it->second);
  tables_.erase(it);
  table->Drop();
  return table;
}

std::vector<std::string> Catalog::ListNames(absl::string_view exclusive_start,
                                            size_t limit) const {
  ReaderMutexLock lock(&mu_);
  std::vector<std::string> names;
  auto it = exclusive_start.empty() ? tables_.begin()
                                    : tables_.upper_bound(exclusive_start);
  for (; it != tables_.end() && names.size() < limit; ++it) {
    names.push_back(it->first);
  }
  return names;
}

size_t Catalog::size() const {
  ReaderMutexLock lock(&mu_);
  return tables_.size();
}

}  // namespace dynamite
