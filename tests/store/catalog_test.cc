#include "store/catalog.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;

TableDefinition Named(const std::string& name) {
  TableDefinition def;
  def.name = name;
  def.key_schema.partition_key = {"pk", KeyType::kS};
  return def;
}

TEST(CatalogTest, CreateThenFind) {
  CommitSequencer sequencer;
  Catalog catalog(sequencer);

  ASSERT_THAT(catalog.Create(Named("users")), IsOk());

  absl::StatusOr<std::shared_ptr<Table>> found = catalog.Find("users", "nf");
  ASSERT_THAT(found, IsOk());
  EXPECT_EQ((*found)->name(), "users");
}

TEST(CatalogTest, DuplicateNameIsResourceInUse) {
  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  ASSERT_THAT(catalog.Create(Named("users")), IsOk());

  EXPECT_THAT(
      catalog.Create(Named("users")),
      IsError(ErrorKind::kResourceInUse, "Table already exists: users"));
}

TEST(CatalogTest, NamesAreCaseSensitive) {
  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  ASSERT_THAT(catalog.Create(Named("users")), IsOk());

  EXPECT_THAT(catalog.Create(Named("Users")), IsOk());
  EXPECT_THAT(catalog.Find("USERS", "missing"),
              IsError(ErrorKind::kResourceNotFound, "missing"));
}

TEST(CatalogTest, DeleteRemovesButKeepsTableAliveForHolders) {
  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  ASSERT_THAT(catalog.Create(Named("users")), IsOk());
  std::shared_ptr<Table> held = *catalog.Find("users", "nf");

  ASSERT_THAT(catalog.Delete("users", "nf"), IsOk());

  EXPECT_THAT(catalog.Find("users", "gone"),
              IsError(ErrorKind::kResourceNotFound, "gone"));
  EXPECT_THAT(catalog.Delete("users", "gone"),
              IsError(ErrorKind::kResourceNotFound, "gone"));
  EXPECT_EQ(held->name(), "users");
}

TEST(CatalogTest, ListsNamesInOrderFromExclusiveStart) {
  CommitSequencer sequencer;
  Catalog catalog(sequencer);
  for (const char* name : {"ccc", "aaa", "bbb", "ddd"}) {
    ASSERT_THAT(catalog.Create(Named(name)), IsOk());
  }

  EXPECT_THAT(catalog.ListNames("", 10),
              ElementsAre("aaa", "bbb", "ccc", "ddd"));
  EXPECT_THAT(catalog.ListNames("", 2), ElementsAre("aaa", "bbb"));
  EXPECT_THAT(catalog.ListNames("bbb", 10), ElementsAre("ccc", "ddd"));
  EXPECT_THAT(catalog.ListNames("bb", 1), ElementsAre("bbb"));
  EXPECT_THAT(catalog.ListNames("zzz", 10), ElementsAre());
  EXPECT_EQ(catalog.size(), 4u);
}

}  // namespace
}  // namespace dynamite
