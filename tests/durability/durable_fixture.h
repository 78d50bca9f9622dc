// What the tests of durable Databases share: a fresh directory per test,
// options on it, and what a reader sees of the tables RunWorkload
// (tests/support/commit_workload.h) makes, to compare before and after a
// reopen.

#ifndef DYNAMITE_TESTS_DURABILITY_DURABLE_FIXTURE_H_
#define DYNAMITE_TESTS_DURABILITY_DURABLE_FIXTURE_H_

#include <stdlib.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite::testing {

// What a reader sees of a table and its indexes, by Scan.
using Seen = std::map<std::string, std::vector<Item>>;

inline Seen ScanEverything(Database& db) {
  const std::vector<std::pair<std::string, std::optional<std::string>>>
      sources = {{"Orders", std::nullopt},
                 {"Orders", "by_l"},
                 {"Plain", std::nullopt},
                 {"Plain", "by_v"}};
  Seen seen;
  for (const auto& [table, index] : sources) {
    auto page = db.Scan({.table_name = table, .index_name = index});
    EXPECT_THAT(page.status(), IsOk()) << table;
    if (!page.ok()) continue;
    std::vector<Item>& items =
        seen[absl::StrCat(table, "/", index.value_or(""))];
    for (const ItemPtr& item : page->items) items.push_back(*item);
  }
  return seen;
}

inline absl::Status CreatePlain(Database& db) {
  return db.CreateTable(TableRequest("Plain", KeyType::kN, std::nullopt))
      .status();
}

inline absl::Status PutKey(Database& db, int pk) {
  return db
      .PutItem(
          {.table_name = "Plain", .item = Item{{"pk", N(absl::StrCat(pk))}}})
      .status();
}

inline bool HasKey(Database& db, int pk) {
  auto got =
      db.GetItem({.table_name = "Plain", .key = {{"pk", N(absl::StrCat(pk))}}});
  return got.ok() && got->item != nullptr;
}

class DurableDirectoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = ::testing::TempDir() + "dynamite-db-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  DatabaseOptions Options(SyncMode sync = SyncMode::kAlways,
                          FileSystem* files = nullptr) const {
    DatabaseOptions options;
    options.durability.directory = dir_;
    options.durability.sync = sync;
    options.durability.sync_interval = absl::Milliseconds(5);
    options.durability.file_system = files;
    // Snapshots only when a test asks (or sets a size itself).
    options.durability.snapshot_log_bytes = 0;
    return options;
  }
  std::unique_ptr<Database> OpenOrDie(DatabaseOptions options) {
    auto db = Database::Open(std::move(options));
    EXPECT_THAT(db.status(), IsOk());
    return db.ok() ? *std::move(db) : nullptr;
  }
  std::string Path(absl::string_view name) const {
    return absl::StrCat(dir_, "/", name);
  }
  std::string LogPath() const { return Path("commits.log"); }

  std::string dir_;
};

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_DURABILITY_DURABLE_FIXTURE_H_
