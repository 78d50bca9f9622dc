// Delayed table statuses (DatabaseOptions::transient_status_delay,
// api/table_status.h): CREATING, UPDATING and DELETING for the delay by the
// Database's clock, with DynamoDB's answers to each operation meanwhile;
// and the default, every table ACTIVE at once.

#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/manual_clock.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::ManualClock;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;

constexpr absl::Duration kDelay = absl::Seconds(2);
constexpr ErrorKind kInUse = ErrorKind::kResourceInUse;
constexpr ErrorKind kNotFound = ErrorKind::kResourceNotFound;
constexpr ErrorKind kValidation = ErrorKind::kValidation;

class TableStatusTest : public ::testing::Test {
 protected:
  explicit TableStatusTest(absl::Duration delay = kDelay) {
    DatabaseOptions options;
    options.controlled_clock = &clock_;
    options.transient_status_delay = delay;
    db_ = std::make_unique<Database>(options);
  }

  absl::StatusOr<CreateTableResponse> Create(const std::string& name = "tbl") {
    return db_->CreateTable(TableRequest(name, KeyType::kS, {}));
  }
  std::string Status(const std::string& name = "tbl") {
    auto described = db_->DescribeTable({.table_name = name});
    EXPECT_THAT(described, IsOk());
    return described.ok() ? described->table.table_status : "";
  }
  absl::Status Put(const std::string& pk) {
    return db_->PutItem({.table_name = "tbl", .item = Item{{"pk", S(pk)}}})
        .status();
  }
  absl::StatusOr<UpdateTableResponse> AddIndex() {
    GlobalSecondaryIndex gsi;
    gsi.index_name = "byOwner";
    gsi.key_schema = {{"owner", KeySchemaRole::kHash}};
    gsi.projection.projection_type = ProjectionType::kAll;
    GlobalSecondaryIndexUpdate update;
    update.create = std::move(gsi);
    return db_->UpdateTable(
        {.table_name = "tbl",
         .attribute_definitions =
             std::vector<AttributeDefinition>{{"owner", KeyType::kS}},
         .global_secondary_index_updates =
             std::vector<GlobalSecondaryIndexUpdate>{std::move(update)}});
  }
  absl::Status QueryIndex() {
    return db_
        ->Query({.table_name = "tbl",
                 .index_name = "byOwner",
                 .key_condition_expression = "#o = :o",
                 .expression_attribute_names = {{{"#o", "owner"}}},
                 .expression_attribute_values = {{{":o", S("ann")}}}})
        .status();
  }

  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(TableStatusTest, CreatedTableIsCreatingForTheDelayThenActive) {
  auto created = Create();
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->table_description.table_status, "CREATING");
  EXPECT_EQ(Status(), "CREATING");
  clock_.Advance(kDelay - absl::Milliseconds(1));
  EXPECT_EQ(Status(), "CREATING");
  clock_.Advance(absl::Milliseconds(1));
  EXPECT_EQ(Status(), "ACTIVE");
}

TEST_F(TableStatusTest, CreatingTableRefusesItemsAsNotFound) {
  ASSERT_THAT(Create(), IsOk());
  EXPECT_THAT(Put("a"), IsError(kNotFound, "Requested resource not found"));
  EXPECT_THAT(db_->GetItem({.table_name = "tbl", .key = Item{{"pk", S("a")}}}),
              IsError(kNotFound, "Requested resource not found"));
  EXPECT_THAT(db_->Scan({.table_name = "tbl"}),
              IsError(kNotFound, "Requested resource not found"));
  clock_.Advance(kDelay);
  EXPECT_THAT(Put("a"), IsOk());
}

TEST_F(TableStatusTest, CreatingTableCannotBeChangedOrDeleted) {
  ASSERT_THAT(Create(), IsOk());
  EXPECT_THAT(db_->DeleteTable({.table_name = "tbl"}),
              IsError(kInUse,
                      "Attempt to change a resource which is still in use: "
                      "Table is being created: tbl"));
  EXPECT_THAT(db_->UpdateTable(
                  {.table_name = "tbl", .deletion_protection_enabled = true}),
              IsError(kInUse,
                      "Attempt to change a resource which is still in use: "
                      "Table is being created: tbl"));
  EXPECT_THAT(
      db_->UpdateTimeToLive({.table_name = "tbl",
                             .time_to_live_specification =
                                 TimeToLiveSpecification{true, "expiresAt"}}),
      IsError(kInUse,
              "Attempt to change a resource which is still in use: "
              "Table tbl is being created"));
  EXPECT_THAT(db_->DescribeTimeToLive({.table_name = "tbl"}),
              IsError(kValidation,
                      "Cannot describe time to live while table is in "
                      "CREATING state: Current table state is CREATING"));
  clock_.Advance(kDelay);
  EXPECT_THAT(db_->DescribeTimeToLive({.table_name = "tbl"}), IsOk());
  EXPECT_THAT(db_->DeleteTable({.table_name = "tbl"}), IsOk());
}

TEST_F(TableStatusTest, GsisOfACreatingTableAreCreating) {
  CreateTableRequest request = TableRequest("tbl", KeyType::kS, {});
  request.attribute_definitions.push_back({"owner", KeyType::kS});
  GlobalSecondaryIndex gsi;
  gsi.index_name = "byOwner";
  gsi.key_schema = {{"owner", KeySchemaRole::kHash}};
  gsi.projection.projection_type = ProjectionType::kAll;
  request.global_secondary_indexes = std::vector<GlobalSecondaryIndex>{gsi};
  auto created = db_->CreateTable(request);
  ASSERT_THAT(created, IsOk());
  ASSERT_EQ(created->table_description.global_secondary_indexes.size(), 1u);
  const IndexDescription& index =
      created->table_description.global_secondary_indexes[0];
  EXPECT_EQ(index.index_status, "CREATING");
  EXPECT_FALSE(index.backfilling);  // created with the table: no backfill
  clock_.Advance(kDelay);
  auto described = db_->DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.global_secondary_indexes[0].index_status,
            "ACTIVE");
}

TEST_F(TableStatusTest, UpdatedTableIsUpdatingAndTakesItemsMeanwhile) {
  ASSERT_THAT(Create(), IsOk());
  clock_.Advance(kDelay);
  auto updated = db_->UpdateTable(
      {.table_name = "tbl", .deletion_protection_enabled = true});
  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->table_description.table_status, "UPDATING");
  EXPECT_EQ(Status(), "UPDATING");
  EXPECT_THAT(Put("a"), IsOk());
  EXPECT_THAT(db_->UpdateTable(
                  {.table_name = "tbl", .deletion_protection_enabled = false}),
              IsError(kInUse,
                      "Attempt to change a resource which is still in use: "
                      "Table is being updated: tbl"));
  EXPECT_THAT(db_->DeleteTable({.table_name = "tbl"}),
              IsError(kInUse,
                      "Attempt to change a resource which is still in use: "
                      "Table is being updated: tbl"));
  // Time to live may change while the table is UPDATING.
  EXPECT_THAT(
      db_->UpdateTimeToLive({.table_name = "tbl",
                             .time_to_live_specification =
                                 TimeToLiveSpecification{true, "expiresAt"}}),
      IsOk());
  clock_.Advance(kDelay);
  EXPECT_EQ(Status(), "ACTIVE");
}

TEST_F(TableStatusTest, AddedGsiBackfillsAndRefusesReadsUntilActive) {
  ASSERT_THAT(Create(), IsOk());
  clock_.Advance(kDelay);
  ASSERT_THAT(db_->PutItem({.table_name = "tbl",
                            .item = Item{{"pk", S("a")}, {"owner", S("ann")}}}),
              IsOk());
  auto updated = AddIndex();
  ASSERT_THAT(updated, IsOk());
  ASSERT_EQ(updated->table_description.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(updated->table_description.global_secondary_indexes[0].index_status,
            "CREATING");
  EXPECT_TRUE(
      updated->table_description.global_secondary_indexes[0].backfilling);
  EXPECT_THAT(QueryIndex(),
              IsError(kValidation,
                      "Cannot read from backfilling global secondary index: "
                      "byOwner"));
  clock_.Advance(kDelay);
  auto described = db_->DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.table_status, "ACTIVE");
  EXPECT_EQ(described->table.global_secondary_indexes[0].index_status,
            "ACTIVE");
  EXPECT_FALSE(described->table.global_secondary_indexes[0].backfilling);
  EXPECT_THAT(QueryIndex(), IsOk());
}

TEST_F(TableStatusTest, DeletedGsiIsDeletingWhileTheTableUpdates) {
  ASSERT_THAT(Create(), IsOk());
  clock_.Advance(kDelay);
  ASSERT_THAT(AddIndex(), IsOk());
  clock_.Advance(kDelay);
  GlobalSecondaryIndexUpdate removal;
  removal.delete_index_name = "byOwner";
  auto deleted =
      db_->UpdateTable({.table_name = "tbl",
                        .global_secondary_index_updates =
                            std::vector<GlobalSecondaryIndexUpdate>{removal}});
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->table_description.table_status, "UPDATING");
  ASSERT_EQ(deleted->table_description.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(deleted->table_description.global_secondary_indexes[0].index_status,
            "DELETING");
  // Reads of it are refused at once; writes no longer maintain it.
  EXPECT_THAT(QueryIndex(),
              IsError(kValidation,
                      "The table does not have the specified index: byOwner"));
  ASSERT_THAT(db_->PutItem({.table_name = "tbl",
                            .item = Item{{"pk", S("a")}, {"owner", S("ann")}}}),
              IsOk());
  clock_.Advance(kDelay);
  auto described = db_->DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.table_status, "ACTIVE");
  EXPECT_TRUE(described->table.global_secondary_indexes.empty());
  // The name is free again.
  ASSERT_THAT(AddIndex(), IsOk());
  described = db_->DescribeTable({.table_name = "tbl"});
  ASSERT_THAT(described, IsOk());
  ASSERT_EQ(described->table.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(described->table.global_secondary_indexes[0].index_status,
            "CREATING");
}

TEST_F(TableStatusTest, DeletedTableIsDeletingThenGone) {
  ASSERT_THAT(Create(), IsOk());
  clock_.Advance(kDelay);
  ASSERT_THAT(Put("a"), IsOk());
  auto deleted = db_->DeleteTable({.table_name = "tbl"});
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->table_description.table_status, "DELETING");
  EXPECT_EQ(Status(), "DELETING");
  auto listed = db_->ListTables({});
  ASSERT_THAT(listed, IsOk());
  EXPECT_THAT(listed->table_names, ElementsAre("tbl"));
  // The items are gone at once.
  EXPECT_THAT(Put("b"), IsError(kNotFound, "Requested resource not found"));
  clock_.Advance(kDelay);
  EXPECT_THAT(
      db_->DescribeTable({.table_name = "tbl"}),
      IsError(kNotFound, "Requested resource not found: Table: tbl not found"));
  listed = db_->ListTables({});
  ASSERT_THAT(listed, IsOk());
  EXPECT_TRUE(listed->table_names.empty());
}

TEST_F(TableStatusTest, DeletingTableKeepsItsNameAndRefusesChanges) {
  ASSERT_THAT(Create(), IsOk());
  clock_.Advance(kDelay);
  ASSERT_THAT(db_->DeleteTable({.table_name = "tbl"}), IsOk());
  EXPECT_THAT(Create(), IsError(kInUse, "Table already exists: tbl"));
  const std::string being_deleted =
      "Attempt to change a resource which is still in use: Table is being "
      "deleted: tbl";
  EXPECT_THAT(db_->DeleteTable({.table_name = "tbl"}),
              IsError(kInUse, being_deleted));
  EXPECT_THAT(db_->UpdateTable(
                  {.table_name = "tbl", .deletion_protection_enabled = true}),
              IsError(kInUse, being_deleted));
  EXPECT_THAT(db_->DescribeTimeToLive({.table_name = "tbl"}),
              IsError(kValidation,
                      "Cannot describe time to live while table is in "
                      "DELETING state: Current table state is DELETING"));
  // UpdateTimeToLive still answers 200, as DynamoDB's does.
  auto ttl = db_->UpdateTimeToLive(
      {.table_name = "tbl",
       .time_to_live_specification = TimeToLiveSpecification{true, "exp"}});
  ASSERT_THAT(ttl, IsOk());
  EXPECT_EQ(ttl->attribute_name, "exp");
  clock_.Advance(kDelay);
  EXPECT_THAT(
      db_->UpdateTimeToLive(
          {.table_name = "tbl",
           .time_to_live_specification = TimeToLiveSpecification{true, "exp"}}),
      IsError(kNotFound, "Requested resource not found: Table: tbl not found"));
  auto created = Create();
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->table_description.table_status, "CREATING");
}

TEST_F(TableStatusTest, ListTablesMergesLiveAndDeletingTablesInOrder) {
  for (const char* name : {"aaa", "bbb", "ccc", "ddd"}) {
    ASSERT_THAT(Create(name), IsOk());
  }
  clock_.Advance(kDelay);
  ASSERT_THAT(db_->DeleteTable({.table_name = "bbb"}), IsOk());
  ASSERT_THAT(db_->DeleteTable({.table_name = "ddd"}), IsOk());
  auto page = db_->ListTables({.limit = 2});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->table_names, ElementsAre("aaa", "bbb"));
  page = db_->ListTables({.exclusive_start_table_name = "bbb"});
  ASSERT_THAT(page, IsOk());
  EXPECT_THAT(page->table_names, ElementsAre("ccc", "ddd"));
}

class ImmediateStatusTest : public TableStatusTest {
 protected:
  ImmediateStatusTest() : TableStatusTest(absl::ZeroDuration()) {}
};

TEST_F(ImmediateStatusTest, EveryChangeIsCompleteInItsAnswer) {
  auto created = Create();
  ASSERT_THAT(created, IsOk());
  EXPECT_EQ(created->table_description.table_status, "ACTIVE");
  EXPECT_THAT(Put("a"), IsOk());
  auto updated = AddIndex();
  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->table_description.table_status, "ACTIVE");
  EXPECT_EQ(updated->table_description.global_secondary_indexes[0].index_status,
            "ACTIVE");
  EXPECT_THAT(QueryIndex(), IsOk());
  auto deleted = db_->DeleteTable({.table_name = "tbl"});
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->table_description.table_status, "DELETING");
  EXPECT_THAT(
      db_->DescribeTable({.table_name = "tbl"}),
      IsError(kNotFound, "Requested resource not found: Table: tbl not found"));
  EXPECT_THAT(Create(), IsOk());
}

}  // namespace
}  // namespace dynamite
