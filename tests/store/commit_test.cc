#include "store/commit.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "store/item.h"
#include "store/number.h"
#include "store/table.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::IsNull;
using ::testing::NotNull;
using ::testing::Pointee;

AttributeValue Num(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }
AttributeValue Str(std::string s) { return AttributeValue::S(std::move(s)); }

IndexDefinition Gsi(const std::string& name, const std::string& hash) {
  IndexDefinition index;
  index.name = name;
  index.kind = IndexKind::kGlobal;
  index.hash_keys = {{hash, KeyType::kS}};
  index.projection = ProjectionType::kAll;
  return index;
}

// A table keyed by pk (S), with a GSI "by_g" on g (S).
TableDefinition Definition(const std::string& name) {
  TableDefinition def;
  def.name = name;
  def.key_schema.partition_key = {"pk", KeyType::kS};
  def.indexes = {Gsi("by_g", "g")};
  return def;
}

Item MakeItem(const std::string& pk, const std::string& g) {
  return {{"pk", Str(pk)}, {"g", Str(g)}};
}

EncodedKey Key(const std::string& pk) { return {pk, ""}; }

void Put(Table& table, const Item& item) {
  ASSERT_THAT(
      table.Mutate(Key(item.at("pk").s()),
                   [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                     return item;
                   }),
      IsOk());
}

// The pk of every entry of the index, in scan order.
std::vector<std::string> IndexKeys(const Table& table,
                                   const std::string& index) {
  std::vector<std::string> keys;
  table.VisitIndexAll(index, 0, 1, nullptr,
                      [&](const PackedItem& data, int64_t) {
                        keys.emplace_back(data.Find("pk")->s());
                        return true;
                      });
  return keys;
}

class CommitTest : public ::testing::Test {
 protected:
  Table a_{Definition("a")};
  Table b_{Definition("b")};
};

TEST_F(CommitTest, AppliesEveryChangeToEveryTable) {
  const Item x = MakeItem("x", "g1");
  const Item y = MakeItem("y", "g2");
  auto put_x = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Borrow(x);
  };
  auto put_y = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(y);
  };
  const std::vector<Change> changes = {{&a_, Key("x"), put_x},
                                       {&b_, Key("y"), put_y}};

  const CommitResult result = Commit(changes);

  ASSERT_THAT(result.status, IsOk());
  EXPECT_THAT(result.change_statuses, ElementsAre(IsOk(), IsOk()));
  EXPECT_THAT(a_.Get(Key("x")), Pointee(x));
  EXPECT_THAT(b_.Get(Key("y")), Pointee(y));
  EXPECT_THAT(IndexKeys(a_, "by_g"), ElementsAre("x"));
  EXPECT_THAT(IndexKeys(b_, "by_g"), ElementsAre("y"));
}

TEST_F(CommitTest, FailingChangeAppliesNothing) {
  Put(a_, MakeItem("x", "old"));
  const Item next = MakeItem("x", "new");
  auto update_x = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Borrow(next);
  };
  auto put_y = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("y", "g"));
  };
  auto fail = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return ConditionalCheckFailedError("The conditional request failed");
  };
  const std::vector<Change> changes = {
      {&a_, Key("x"), update_x}, {&a_, Key("y"), put_y}, {&b_, Key("z"), fail}};

  const CommitResult result = Commit(changes);

  EXPECT_THAT(result.status, IsError(ErrorKind::kConditionalCheckFailed,
                                     "The conditional request failed"));
  EXPECT_THAT(a_.Get(Key("x")), Pointee(MakeItem("x", "old")));
  EXPECT_THAT(a_.Get(Key("y")), IsNull());
  EXPECT_THAT(b_.Get(Key("z")), IsNull());
  EXPECT_EQ(a_.item_count(), 1);
  EXPECT_EQ(b_.item_count(), 0);
  EXPECT_THAT(IndexKeys(a_, "by_g"), ElementsAre("x"));
  EXPECT_EQ(a_.index_stats()[0].item_count, 1);
  EXPECT_EQ(b_.index_stats()[0].item_count, 0);
}

TEST_F(CommitTest, ReportsEveryChangesStatusAndTheFirstError) {
  auto ok = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("x", "g"));
  };
  auto fail_first = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return ConditionalCheckFailedError("first");
  };
  auto fail_second = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return ValidationError("second");
  };
  const std::vector<Change> changes = {{&a_, Key("x"), ok},
                                       {&b_, Key("y"), fail_first},
                                       {&a_, Key("z"), fail_second},
                                       {&b_, Key("w"), ok}};

  const CommitResult result = Commit(changes);

  EXPECT_THAT(result.status,
              IsError(ErrorKind::kConditionalCheckFailed, "first"));
  EXPECT_THAT(
      result.change_statuses,
      ElementsAre(IsOk(), IsError(ErrorKind::kConditionalCheckFailed, "first"),
                  IsError(ErrorKind::kValidation, "second"), IsOk()));
}

TEST_F(CommitTest, FailedCommitRecordsTheItemsEvaluated) {
  Put(a_, MakeItem("x", "old"));
  auto keep = [&](const ItemPtr& current) -> absl::StatusOr<NextItem> {
    return NextItem::Own(*current);
  };
  auto fail = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return ValidationError("no");
  };
  const std::vector<Change> changes = {{&a_, Key("x"), keep},
                                       {&b_, Key("y"), fail}};

  const CommitResult result = Commit(changes);

  ASSERT_EQ(result.records.size(), 2u);
  EXPECT_THAT(result.records[0].old_image, Pointee(MakeItem("x", "old")));
  EXPECT_THAT(result.records[0].new_image, IsNull());
  EXPECT_EQ(result.records[0].sequence, 0u);
  EXPECT_THAT(result.records[1].old_image, IsNull());
  EXPECT_EQ(result.records[1].table, &b_);
  EXPECT_EQ(result.records[1].key, Key("y"));
  EXPECT_EQ(result.records[1].sequence, 0u);
}

// Two changes to one item in one commit are a caller's bug, not a request
// error: the commit stops the process before applying anything.
TEST_F(CommitTest, TwoChangesToOneItemAbort) {
  auto put_x = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("x", "g"));
  };
  const std::vector<Change> twice = {
      {&a_, Key("x"), put_x}, {&b_, Key("x"), put_x}, {&a_, Key("x"), put_x}};
  EXPECT_DEATH(Commit(twice), "DYNAMITE_CHECK failed");
  // The same key in two tables is two items.
  const std::vector<Change> two_tables = {{&a_, Key("x"), put_x},
                                          {&b_, Key("x"), put_x}};
  EXPECT_THAT(Commit(two_tables).status, IsOk());
}

TEST_F(CommitTest, RecordsFollowChangeOrderWithOneSequence) {
  Put(b_, MakeItem("y", "old"));
  Put(a_, MakeItem("z", "gone"));
  auto put_x = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("x", "g"));
  };
  auto update_y = [&](const ItemPtr& current) -> absl::StatusOr<NextItem> {
    Item next = *current;
    next["g"] = Str("new");
    return NextItem::Own(std::move(next));
  };
  auto delete_z = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Delete();
  };
  const std::vector<Change> changes = {{&b_, Key("y"), update_y},
                                       {&a_, Key("x"), put_x},
                                       {&a_, Key("z"), delete_z}};

  const CommitResult result = Commit(changes);

  ASSERT_THAT(result.status, IsOk());
  ASSERT_EQ(result.records.size(), 3u);
  const ChangeRecord& y = result.records[0];
  const ChangeRecord& x = result.records[1];
  const ChangeRecord& z = result.records[2];
  EXPECT_EQ(y.table, &b_);
  EXPECT_EQ(y.key, Key("y"));
  EXPECT_THAT(y.old_image, Pointee(MakeItem("y", "old")));
  EXPECT_THAT(y.new_image, Pointee(MakeItem("y", "new")));
  EXPECT_EQ(x.table, &a_);
  EXPECT_EQ(x.key, Key("x"));
  EXPECT_THAT(x.old_image, IsNull());
  EXPECT_THAT(x.new_image, Pointee(MakeItem("x", "g")));
  EXPECT_EQ(z.key, Key("z"));
  EXPECT_THAT(z.old_image, Pointee(MakeItem("z", "gone")));
  EXPECT_THAT(z.new_image, IsNull());
  EXPECT_GT(y.sequence, 0u);
  EXPECT_EQ(x.sequence, y.sequence);
  EXPECT_EQ(z.sequence, y.sequence);
  EXPECT_THAT(a_.Get(Key("z")), IsNull());
  EXPECT_THAT(IndexKeys(a_, "by_g"), ElementsAre("x"));
}

TEST_F(CommitTest, SequenceIncreasesAcrossCommits) {
  auto put = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("x", "g"));
  };
  uint64_t last = 0;
  for (int i = 0; i < 5; ++i) {
    Table& table = i % 2 == 0 ? a_ : b_;
    const std::vector<Change> changes = {{&table, Key("x"), put}};

    const CommitResult result = Commit(changes);

    ASSERT_THAT(result.status, IsOk());
    EXPECT_GT(result.records[0].sequence, last);
    last = result.records[0].sequence;
  }
}

TEST_F(CommitTest, IndexKeyOfWrongTypeFailsTheCommit) {
  auto put_ok = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("x", "g"));
  };
  auto put_bad = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(Item{{"pk", Str("y")}, {"g", Num(1)}});
  };
  const std::vector<Change> changes = {{&a_, Key("x"), put_ok},
                                       {&b_, Key("y"), put_bad}};

  const CommitResult result = Commit(changes);

  const std::string message =
      "One or more parameter values were invalid: Type mismatch for Index "
      "Key g Expected: S Actual: N IndexName: by_g";
  EXPECT_THAT(result.status, IsError(ErrorKind::kValidation, message));
  EXPECT_THAT(result.change_statuses,
              ElementsAre(IsOk(), IsError(ErrorKind::kValidation, message)));
  EXPECT_THAT(a_.Get(Key("x")), IsNull());
  EXPECT_THAT(b_.Get(Key("y")), IsNull());
  EXPECT_EQ(a_.index_stats()[0].item_count, 0);
}

TEST_F(CommitTest, EmptyIndexKeyStringFailsMutate) {
  const absl::StatusOr<ItemPtr> result = a_.Mutate(
      Key("x"), [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
        return MakeItem("x", "");
      });

  EXPECT_THAT(result,
              IsError(ErrorKind::kValidation,
                      "One or more parameter values are not valid. A value "
                      "specified for a secondary index key is not supported. "
                      "The AttributeValue for a key attribute cannot contain "
                      "an empty string value. IndexName: by_g, IndexKey: g"));
  EXPECT_EQ(a_.item_count(), 0);
}

TEST_F(CommitTest, ChangeIsGivenOnlyTheItemUnderItsKey) {
  Put(a_, MakeItem("x", "gx"));
  Put(a_, MakeItem("y", "gy"));
  std::vector<std::optional<Item>> seen;
  auto record = [&](const ItemPtr& current) -> absl::StatusOr<NextItem> {
    seen.push_back(current == nullptr ? std::nullopt
                                      : std::optional<Item>(*current));
    return NextItem::Delete();
  };
  const std::vector<Change> changes = {{&a_, Key("y"), record},
                                       {&a_, Key("missing"), record},
                                       {&b_, Key("x"), record}};

  ASSERT_THAT(Commit(changes).status, IsOk());

  EXPECT_THAT(seen, ElementsAre(std::optional<Item>(MakeItem("y", "gy")),
                                std::nullopt, std::nullopt));
  EXPECT_THAT(a_.Get(Key("x")), NotNull());
  EXPECT_THAT(a_.Get(Key("y")), IsNull());
}

TEST_F(CommitTest, ChangeSeesThePreviousCommitsItem) {
  Put(a_, MakeItem("x", "first"));
  Put(a_, MakeItem("x", "second"));
  std::optional<Item> seen;
  auto record = [&](const ItemPtr& current) -> absl::StatusOr<NextItem> {
    seen = *current;
    return NextItem::Own(*current);
  };
  const std::vector<Change> changes = {{&a_, Key("x"), record}};

  ASSERT_THAT(Commit(changes).status, IsOk());

  EXPECT_EQ(seen, MakeItem("x", "second"));
}

TEST_F(CommitTest, UpdateThatChangesIndexKeyMovesTheEntry) {
  Put(a_, MakeItem("x", "before"));

  Put(a_, MakeItem("x", "after"));

  std::vector<std::string> partitions;
  a_.VisitIndexAll("by_g", 0, 1, nullptr, [&](const PackedItem& data, int64_t) {
    partitions.emplace_back(data.Find("g")->s());
    return true;
  });
  EXPECT_THAT(partitions, ElementsAre("after"));
  EXPECT_EQ(a_.index_stats()[0].item_count, 1);
  EXPECT_EQ(a_.index_stats()[0].size_bytes, ItemSize(MakeItem("x", "after")));
}

TEST_F(CommitTest, RedefineAddsIndexBuiltFromStoredItems) {
  Put(a_, Item{{"pk", Str("x")}, {"h", Str("1")}});
  Put(a_, Item{{"pk", Str("y")}, {"h", Str("2")}});
  Put(a_, Item{{"pk", Str("z")}});                 // not in the new index
  Put(a_, Item{{"pk", Str("w")}, {"h", Num(3)}});  // of the wrong type

  const absl::StatusOr<std::shared_ptr<const TableDefinition>> redefined =
      a_.Redefine([](const TableDefinition& current)
                      -> absl::StatusOr<TableDefinition> {
        TableDefinition next = current;
        next.indexes.push_back(Gsi("by_h", "h"));
        return next;
      });

  ASSERT_THAT(redefined, IsOk());
  EXPECT_EQ(*redefined, a_.definition());
  ASSERT_NE(a_.definition()->FindIndex("by_h"), nullptr);
  std::vector<std::string> keys = IndexKeys(a_, "by_h");
  std::sort(keys.begin(), keys.end());
  EXPECT_THAT(keys, ElementsAre("x", "y"));
  ASSERT_EQ(a_.index_stats().size(), 2u);
  EXPECT_EQ(a_.index_stats()[1].item_count, 2);
}

TEST_F(CommitTest, RedefinedIndexIsMaintainedByLaterWrites) {
  Put(a_, Item{{"pk", Str("x")}, {"h", Str("1")}});
  ASSERT_THAT(a_.Redefine([](const TableDefinition& current)
                              -> absl::StatusOr<TableDefinition> {
    TableDefinition next = current;
    next.indexes.push_back(Gsi("by_h", "h"));
    return next;
  }),
              IsOk());

  Put(a_, Item{{"pk", Str("x")}});
  Put(a_, Item{{"pk", Str("y")}, {"h", Str("2")}});

  EXPECT_THAT(IndexKeys(a_, "by_h"), ElementsAre("y"));
  EXPECT_THAT(
      a_.Mutate(Key("z"),
                [](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                  return Item{{"pk", Str("z")}, {"h", Num(1)}};
                }),
      IsError(ErrorKind::kValidation,
              "One or more parameter values were invalid: Type "
              "mismatch for Index Key h Expected: S Actual: N "
              "IndexName: by_h"));
}

TEST_F(CommitTest, RedefineDropsIndex) {
  Put(a_, MakeItem("x", "g"));
  const std::shared_ptr<const TableDefinition> before = a_.definition();

  ASSERT_THAT(a_.Redefine([](const TableDefinition& current)
                              -> absl::StatusOr<TableDefinition> {
    TableDefinition next = current;
    next.indexes.clear();
    return next;
  }),
              IsOk());

  EXPECT_NE(a_.definition(), before);
  EXPECT_TRUE(a_.definition()->indexes.empty());
  EXPECT_TRUE(a_.index_stats().empty());
  EXPECT_FALSE(
      a_.VisitIndexAll("by_g", 0, 1, nullptr, [](const PackedItem&, int64_t) {
        ADD_FAILURE() << "visited a dropped index";
        return true;
      }));
  // A snapshot taken before stays as it was.
  EXPECT_NE(before->FindIndex("by_g"), nullptr);
  // The dropped index's key is no longer checked.
  Put(a_, Item{{"pk", Str("y")}, {"g", Num(1)}});
}

TEST_F(CommitTest, RedefineKeepsIndexByName) {
  Put(a_, MakeItem("x", "g"));
  auto add_h =
      [](const TableDefinition& current) -> absl::StatusOr<TableDefinition> {
    TableDefinition next = current;
    next.indexes.insert(next.indexes.begin(), Gsi("by_h", "h"));
    return next;
  };

  ASSERT_THAT(a_.Redefine(add_h), IsOk());
  ASSERT_THAT(
      a_.Redefine([](const TableDefinition& current)
                      -> absl::StatusOr<TableDefinition> { return current; }),
      IsOk());

  EXPECT_THAT(IndexKeys(a_, "by_g"), ElementsAre("x"));
  ASSERT_EQ(a_.index_stats().size(), 2u);
  EXPECT_EQ(a_.index_stats()[0].item_count, 0);  // by_h, first now
  EXPECT_EQ(a_.index_stats()[1].item_count, 1);  // by_g, kept
}

TEST_F(CommitTest, FailedRedefineLeavesDefinition) {
  const std::shared_ptr<const TableDefinition> before = a_.definition();
  const absl::StatusOr<std::shared_ptr<const TableDefinition>> result =
      a_.Redefine(
          [](const TableDefinition&) -> absl::StatusOr<TableDefinition> {
            return ValidationError("bad update");
          });

  EXPECT_THAT(result, IsError(ErrorKind::kValidation, "bad update"));
  EXPECT_EQ(a_.definition(), before);
  EXPECT_EQ(a_.index_stats().size(), 1u);
}

// A table keyed by (pk, sk), with an LSI on lsk and an item-collection
// limit of `limit` bytes.
TableDefinition LsiDefinition(int64_t limit) {
  TableDefinition def;
  def.name = "lsi";
  def.key_schema.partition_key = {"pk", KeyType::kS};
  def.key_schema.sort_key = KeyAttribute{"sk", KeyType::kS};
  IndexDefinition lsi;
  lsi.name = "by_lsk";
  lsi.kind = IndexKind::kLocal;
  lsi.hash_keys = {{"pk", KeyType::kS}};
  lsi.range_keys = {{"lsk", KeyType::kS}};
  lsi.projection = ProjectionType::kKeysOnly;
  def.indexes = {lsi};
  def.item_collection_limit_bytes = limit;
  return def;
}

// An item of 40 bytes or more in the collection of "p" (with its LSI entry,
// about twice that).
Item CollectionItem(const std::string& sk) {
  return {{"pk", Str("p")},
          {"sk", Str(sk)},
          {"lsk", Str("l")},
          {"pad", Str(std::string(30, 'x'))}};
}

class CommitCollectionTest : public ::testing::Test {
 protected:
  // What one item of CollectionItem() and its LSI entry add to a
  // collection.
  int64_t PerItemBytes() {
    Table probe(LsiDefinition(kMaxItemCollectionBytes));
    EXPECT_THAT(Commit({{Change{&probe, {"p", "1"}, put_one_}}}).status,
                IsOk());
    return *probe.collection_size("p");
  }

  const Item one_ = CollectionItem("1");
  const Item two_ = CollectionItem("2");
  std::function<absl::StatusOr<NextItem>(const ItemPtr&)> put_one_ =
      [this](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Borrow(one_);
  };
  std::function<absl::StatusOr<NextItem>(const ItemPtr&)> put_two_ =
      [this](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Borrow(two_);
  };
};

TEST_F(CommitCollectionTest, LimitIsCheckedOverTheWholeCommit) {
  const int64_t per_item = PerItemBytes();
  // Room for one item and its LSI entry, not for two.
  Table table(LsiDefinition(per_item + per_item / 2));

  const CommitResult both = Commit({{Change{&table, {"p", "1"}, put_one_},
                                     Change{&table, {"p", "2"}, put_two_}}});

  EXPECT_THAT(both.status, IsError(ErrorKind::kItemCollectionSizeLimitExceeded,
                                   "Collection size exceeded."));
  EXPECT_THAT(both.change_statuses[0], IsOk());
  EXPECT_THAT(both.change_statuses[1],
              IsError(ErrorKind::kItemCollectionSizeLimitExceeded,
                      "Collection size exceeded."));
  EXPECT_EQ(table.item_count(), 0);
  EXPECT_EQ(table.collection_size("p"), 0);
  // Each alone fits.
  EXPECT_THAT(Commit({{Change{&table, {"p", "1"}, put_one_}}}).status, IsOk());
}

TEST_F(CommitCollectionTest, ShrinkingChangesMakeRoomInTheSameCommit) {
  Table table(LsiDefinition(PerItemBytes()));
  ASSERT_THAT(Commit({{Change{&table, {"p", "1"}, put_one_}}}).status, IsOk());
  auto remove = [](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Delete();
  };

  // The collection is full; deleting "1" first makes room for "2".
  const CommitResult swap = Commit({{Change{&table, {"p", "1"}, remove},
                                     Change{&table, {"p", "2"}, put_two_}}});

  EXPECT_THAT(swap.status, IsOk());
  EXPECT_THAT(table.Get({"p", "2"}), NotNull());
  EXPECT_THAT(table.Get({"p", "1"}), IsNull());
}

TEST_F(CommitTest, CommitToADroppedTableFails) {
  Put(a_, MakeItem("x", "g"));
  a_.Drop();
  auto put = [&](const ItemPtr&) -> absl::StatusOr<NextItem> {
    return NextItem::Own(MakeItem("y", "g"));
  };

  const CommitResult result = Commit({{Change{&a_, Key("y"), put}}});

  EXPECT_THAT(result.status, IsError(ErrorKind::kResourceNotFound,
                                     "Requested resource not found"));
  EXPECT_THAT(a_.Get(Key("y")), IsNull());
  EXPECT_THAT(
      a_.Redefine([](const TableDefinition& current)
                      -> absl::StatusOr<TableDefinition> { return current; }),
      IsError(ErrorKind::kResourceNotFound,
              "Requested resource not found: Table: a not found"));
}

}  // namespace
}  // namespace dynamite
