#include "store/catalog.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/check.h"
#include "common/errors.h"

namespace dynamite {

absl::StatusOr<std::shared_ptr<Table>> Catalog::Create(
    TableDefinition definition) {
  return sequencer_.CommitDurably<std::shared_ptr<Table>>(
      [&](uint64_t& sequence) {
        return CreateAndPublish(std::move(definition), sequence);
      });
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::CreateAndPublish(
    TableDefinition definition, uint64_t& sequence) {
  const absl::Time now = clock_.Now();
  MutexLock lock(&mu_);
  ForgetDeleted(now);
  if (tables_.contains(definition.name) ||
      deleting_.contains(definition.name)) {
    return ResourceInUseError(
        absl::StrCat("Table already exists: ", definition.name));
  }
  auto it = tables_.try_emplace(definition.name).first;
  if (definition.StatusAt(now) == TableStatus::kCreating) {
    it->second.creating_until = definition.transient_until;
  }
  it->second.table =
      std::make_shared<Table>(std::move(definition), &sequencer_);
  const std::shared_ptr<Table>& table = it->second.table;
  TableChangeRecord record{.kind = TableChangeRecord::Kind::kCreate,
                           .table = table.get(),
                           .definition = table->definition()};
  sequence = sequencer_.PublishTable(record);
  return table;
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::Find(
    absl::string_view name, absl::string_view not_found_message) const {
  ReaderMutexLock lock(&mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return ResourceNotFoundError(not_found_message);
  return it->second.table;
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::FindForItems(
    absl::string_view name, absl::string_view not_found_message) const {
  ReaderMutexLock lock(&mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return ResourceNotFoundError(not_found_message);
  // The clock is read only for a table that was created CREATING.
  if (it->second.creating_until != absl::InfinitePast() &&
      clock_.Now() < it->second.creating_until) {
    return ResourceNotFoundError(not_found_message);
  }
  return it->second.table;
}

std::shared_ptr<Table> Catalog::FindDeleting(absl::string_view name) const {
  ReaderMutexLock lock(&mu_);
  auto it = deleting_.find(name);
  if (it == deleting_.end() || clock_.Now() >= it->second.gone_at) {
    return nullptr;
  }
  return it->second.table;
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::Delete(
    absl::string_view name, absl::string_view not_found_message,
    absl::Duration linger) {
  return sequencer_.CommitDurably<std::shared_ptr<Table>>(
      [&](uint64_t& sequence) {
        return DeleteAndPublish(name, not_found_message, linger, sequence);
      });
}

absl::StatusOr<std::shared_ptr<Table>> Catalog::DeleteAndPublish(
    absl::string_view name, absl::string_view not_found_message,
    absl::Duration linger, uint64_t& sequence) {
  const absl::Time now = clock_.Now();
  MutexLock lock(&mu_);
  ForgetDeleted(now);
  auto it = tables_.find(name);
  if (it == tables_.end()) return ResourceNotFoundError(not_found_message);
  std::shared_ptr<Table> table = std::move(it->second.table);
  tables_.erase(it);
  sequence = table->Drop();
  if (linger > absl::ZeroDuration()) {
    deleting_.insert_or_assign(std::string(name),
                               Deleting{table, now + linger});
  }
  return table;
}

std::vector<std::string> Catalog::ListNames(absl::string_view exclusive_start,
                                            size_t limit) const {
  const absl::Time now = clock_.Now();
  ReaderMutexLock lock(&mu_);
  // A merge of the two maps, in byte order; a name is in at most one.
  std::vector<std::string> names;
  auto live = exclusive_start.empty() ? tables_.begin()
                                      : tables_.upper_bound(exclusive_start);
  auto dying = exclusive_start.empty() ? deleting_.begin()
                                       : deleting_.upper_bound(exclusive_start);
  while (names.size() < limit) {
    while (dying != deleting_.end() && now >= dying->second.gone_at) ++dying;
    const bool has_live = live != tables_.end();
    const bool has_dying = dying != deleting_.end();
    if (!has_live && !has_dying) break;
    if (has_live && (!has_dying || live->first < dying->first)) {
      names.push_back((live++)->first);
    } else {
      names.push_back((dying++)->first);
    }
  }
  return names;
}

void Catalog::AdoptForks(std::vector<ForkedTable> tables) {
  MutexLock lock(&mu_);
  DYNAMITE_CHECK(tables_.empty() && deleting_.empty());
  for (ForkedTable& fork : tables) {
    const std::string name = fork.table->name();
    tables_.emplace(name, Entry{.table = std::move(fork.table),
                                .creating_until = fork.creating_until});
  }
}

void Catalog::ReplaceWithForks(std::vector<ForkedTable> tables) {
  // Refused only by a durability that refuses writes, and a caller must
  // not have one (see the header).
  sequencer_
      .CommitDurably<size_t>([&](uint64_t& sequence) -> absl::StatusOr<size_t> {
        MutexLock lock(&mu_);
        for (auto& [name, entry] : tables_) sequence = entry.table->Drop();
        tables_.clear();
        deleting_.clear();
        for (ForkedTable& fork : tables) {
          TableChangeRecord record{.kind = TableChangeRecord::Kind::kCreate,
                                   .table = fork.table.get(),
                                   .definition = fork.table->definition()};
          sequence = sequencer_.PublishTable(record);
          const std::string name = fork.table->name();
          tables_.emplace(name, Entry{.table = std::move(fork.table),
                                      .creating_until = fork.creating_until});
        }
        return tables_.size();
      })
      .IgnoreError();
}

std::vector<std::shared_ptr<Table>> Catalog::Tables() const {
  ReaderMutexLock lock(&mu_);
  std::vector<std::shared_ptr<Table>> tables;
  tables.reserve(tables_.size());
  for (const auto& [name, entry] : tables_) tables.push_back(entry.table);
  return tables;
}

size_t Catalog::size() const {
  ReaderMutexLock lock(&mu_);
  return tables_.size();
}

void Catalog::ForgetDeleted(absl::Time now) {
  absl::erase_if(deleting_, [now](const auto& entry) {
    return now >= entry.second.gone_at;
  });
}

}  // namespace dynamite
