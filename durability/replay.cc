#include "durability/replay.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "common/errors.h"
#include "store/commit.h"
#include "store/table.h"

namespace dynamite {
namespace {

absl::Status Mismatch(const LoggedCommit& commit, absl::string_view why) {
  return MakeError(ErrorKind::kInternal,
                   absl::StrCat("the log does not fit the database at commit ",
                                commit.sequence, ": ", why));
}

}  // namespace

LogReplayer::LogReplayer(Catalog& catalog, CommitSequencer& sequencer)
    : catalog_(catalog),
      sequencer_(sequencer),
      previous_clock_(sequencer.clock()) {
  sequencer_.SetClock(&logged_time_);
}

LogReplayer::~LogReplayer() { sequencer_.SetClock(previous_clock_); }

absl::Status LogReplayer::Apply(const LoggedCommit& commit) {
  const uint64_t expected = sequencer_.next_sequence();
  if (commit.sequence != expected) {
    return Mismatch(commit,
                    absl::StrCat("the next commit is number ", expected));
  }
  logged_time_.now_ = commit.committed;
  if (commit.kind == LoggedCommit::Kind::kItems) return ApplyItems(commit);
  const std::string& name = commit.definition->name;
  switch (commit.kind) {
    case LoggedCommit::Kind::kCreateTable: {
      absl::Status created = catalog_.Create(*commit.definition).status();
      if (!created.ok()) {
        return Mismatch(commit, absl::StrCat("cannot create table ", name, ": ",
                                             created.message()));
      }
      break;
    }
    case LoggedCommit::Kind::kRedefineTable: {
      absl::StatusOr<std::shared_ptr<Table>> table =
          catalog_.Find(name, "not found");
      if (!table.ok()) {
        return Mismatch(commit, absl::StrCat("it redefines table ", name,
                                             ", which does not exist"));
      }
      absl::Status redefined =
          (*table)
              ->Redefine([&](const TableDefinition&)
                             -> absl::StatusOr<TableDefinition> {
                return *commit.definition;
              })
              .status();
      if (!redefined.ok()) {
        return Mismatch(commit, absl::StrCat("cannot redefine table ", name,
                                             ": ", redefined.message()));
      }
      break;
    }
    case LoggedCommit::Kind::kDeleteTable:
      if (!catalog_.Delete(name, "not found").ok()) {
        return Mismatch(commit, absl::StrCat("it deletes table ", name,
                                             ", which does not exist"));
      }
      break;
    case LoggedCommit::Kind::kItems:
      break;
  }
  if (sequencer_.next_sequence() != expected + 1) {
    return Mismatch(commit, "replaying it was not one commit");
  }
  return absl::OkStatus();
}

absl::Status LogReplayer::ApplyItems(const LoggedCommit& commit) {
  if (commit.changes.empty()) {
    return Mismatch(commit, "an item commit that changes no item");
  }
  std::vector<std::shared_ptr<Table>> tables;
  tables.reserve(commit.changes.size());
  for (const LoggedItemChange& change : commit.changes) {
    absl::StatusOr<std::shared_ptr<Table>> table =
        catalog_.Find(change.table_name, "not found");
    if (!table.ok()) {
      return Mismatch(commit,
                      absl::StrCat("it writes to table ", change.table_name,
                                   ", which does not exist"));
    }
    tables.push_back(*std::move(table));
  }
  // Commit() takes its compute functions by reference: they live here.
  auto compute = [](const LoggedItemChange& logged) {
    return [&logged](const ItemPtr&) -> absl::StatusOr<NextItem> {
      if (logged.kept) return NextItem::Keep();
      if (!logged.new_image) return NextItem::Delete();
      return NextItem::Own(logged.new_image->Decode());
    };
  };
  using Compute = decltype(compute(commit.changes.front()));
  std::vector<Compute> computes;
  computes.reserve(commit.changes.size());
  for (const LoggedItemChange& change : commit.changes) {
    computes.push_back(compute(change));
  }
  std::vector<Change> changes;
  changes.reserve(commit.changes.size());
  for (size_t i = 0; i < commit.changes.size(); ++i) {
    changes.push_back(
        Change{tables[i].get(), commit.changes[i].key, computes[i]});
  }
  const CommitResult result = Commit(changes);
  if (!result.status.ok()) {
    return Mismatch(commit,
                    absl::StrCat("its writes fail: ", result.status.message()));
  }
  return absl::OkStatus();
}

}  // namespace dynamite
