// Secondary indexes maintained write by write equal the same indexes built
// from scratch (issue 21): thousands of random PutItem-, DeleteItem- and
// UpdateItem-like writes through Table::Mutate over a table with two GSIs
// (one of them multi-attribute) and an LSI, checked after every batch.

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/index_key.h"
#include "store/item.h"
#include "store/key_codec.h"
#include "store/number.h"
#include "store/packed_item.h"
#include "store/table.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ErrorKindIs;
using ::dynamite::testing::IsOk;

AttributeValue Num(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }

TableDefinition Definition() {
  TableDefinition def;
  def.name = "rebuild";
  def.key_schema.partition_key = {"pk", KeyType::kS};
  def.key_schema.sort_key = KeyAttribute{"sk", KeyType::kN};

  IndexDefinition by_status;
  by_status.name = "ByStatus";
  by_status.kind = IndexKind::kGlobal;
  by_status.hash_keys = {{"status", KeyType::kS}};
  by_status.range_keys = {{"ts", KeyType::kN}};
  by_status.projection = ProjectionType::kInclude;
  by_status.non_key_attributes = {"note"};

  IndexDefinition by_tenant;
  by_tenant.name = "ByTenantRegion";
  by_tenant.kind = IndexKind::kGlobal;
  by_tenant.hash_keys = {{"tenant", KeyType::kS}, {"region", KeyType::kS}};
  by_tenant.range_keys = {{"level", KeyType::kN}, {"tag", KeyType::kB}};
  by_tenant.projection = ProjectionType::kKeysOnly;

  IndexDefinition by_priority;
  by_priority.name = "ByPriority";
  by_priority.kind = IndexKind::kLocal;
  by_priority.hash_keys = {{"pk", KeyType::kS}};
  by_priority.range_keys = {{"prio", KeyType::kN}};
  by_priority.projection = ProjectionType::kInclude;
  by_priority.non_key_attributes = {"note", "status"};

  def.indexes = {by_status, by_tenant, by_priority};
  return def;
}

// A deterministic rendering of an item of scalar values, for comparing and
// printing index contents.
std::string Render(const Item& item) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : item) {
    std::string text;
    switch (value.type()) {
      case ValueType::kS:
        text = absl::StrCat("S:", absl::CHexEscape(value.s()));
        break;
      case ValueType::kB:
        text = absl::StrCat("B:", absl::CHexEscape(value.b()));
        break;
      case ValueType::kN:
        text = absl::StrCat("N:", value.n().ToString());
        break;
      case ValueType::kBool:
        text = value.boolean() ? "BOOL:true" : "BOOL:false";
        break;
      default:
        text = "?";
    }
    parts.push_back(absl::StrCat(name, "=", text));
  }
  std::sort(parts.begin(), parts.end());
  return absl::StrJoin(parts, ",");
}

// Every entry of the index in scan order: its data and size.
std::vector<std::string> IndexContent(const Table& table,
                                      const std::string& index) {
  std::vector<std::string> entries;
  EXPECT_TRUE(table.VisitIndexAll(
      index, 0, 1, nullptr, [&](const PackedItem& data, int64_t size) {
        entries.push_back(absl::StrCat(Render(data.Decode()), " #", size));
        return true;
      }));
  return entries;
}

using Model = std::map<std::pair<std::string, int64_t>, Item>;

EncodedKey KeyOf(const std::pair<std::string, int64_t>& key) {
  return {key.first, EncodeKeyValue(Num(key.second))};
}

void PutAll(Table& table, const Model& model) {
  // Not a structured binding: clang 14 cannot capture one in a lambda.
  for (const auto& entry : model) {
    const Item& item = entry.second;
    ASSERT_THAT(table.Mutate(
                    KeyOf(entry.first),
                    [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
                      return item;
                    }),
                IsOk());
  }
}

// Random writes over 80 keys, whose index key attributes are often
// missing, sometimes of the wrong type or empty (such a write must fail).
class RandomWrites {
 public:
  explicit RandomWrites(uint32_t seed) : rng_(seed) {}

  std::pair<std::string, int64_t> Key() {
    return {absl::StrCat("p", Uniform(0, 7)), Uniform(0, 9)};
  }

  // Sets attribute `name` of `item` to a random value, or removes it.
  void Randomize(const std::string& name, Item& item) {
    const int roll = Uniform(0, 99);
    if (roll < 15) {
      item.erase(name);
      return;
    }
    if (roll < 17 && name != "note") {
      // The wrong type for every index key attribute: BOOL.
      item[name] = AttributeValue::Bool(true);
      return;
    }
    if (name == "status") {
      static const char* const kStatuses[] = {"open", "closed", "pending",
                                              "s\x01"};
      if (roll < 19) {
        item[name] = AttributeValue::S("");
        return;
      }
      item[name] = AttributeValue::S(kStatuses[Uniform(0, 3)]);
    } else if (name == "tenant" || name == "region") {
      item[name] =
          AttributeValue::S(absl::StrCat(name.substr(0, 1), Uniform(0, 2)));
    } else if (name == "tag") {
      static const char* const kTags[] = {"", "\xff", "a", "ab"};
      if (roll < 19) {
        item[name] = AttributeValue::B("");
        return;
      }
      // Often with a 0x00 byte, the tuple encoding's escape.
      std::string tag = kTags[Uniform(0, 3)];
      if (Uniform(0, 1) == 0) tag.push_back('\0');
      tag.push_back(static_cast<char>('a' + Uniform(0, 2)));
      item[name] = AttributeValue::B(tag);
    } else if (name == "ts") {
      item[name] = Num(Uniform(-20, 20));
    } else if (name == "level" || name == "prio") {
      item[name] = Num(Uniform(0, 4));
    } else {  // note
      item[name] = AttributeValue::S(std::string(Uniform(1, 30), 'n'));
    }
  }

  // A new item under `key`, every attribute random.
  Item NewItem(const std::pair<std::string, int64_t>& key) {
    Item item{{"pk", AttributeValue::S(key.first)}, {"sk", Num(key.second)}};
    for (const char* name : kAttributes) Randomize(name, item);
    if (Uniform(0, 1) == 0) {
      item["payload"] = AttributeValue::S(std::string(Uniform(0, 50), 'x'));
    }
    return item;
  }

  // `current` with one to three attributes changed.
  Item Update(Item current) {
    for (int n = Uniform(1, 3); n > 0; --n) {
      Randomize(
          kAttributes[Uniform(0, static_cast<int>(std::size(kAttributes)) - 1)],
          current);
    }
    return current;
  }

  int Uniform(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }

 private:
  static constexpr const char* kAttributes[] = {
      "status", "ts", "tenant", "region", "level", "tag", "prio", "note"};
  std::mt19937 rng_;
};

// True if `item` breaks an index key rule: a key attribute of another type
// (here only ever BOOL), or an empty S or B.
bool BreaksIndexKeys(const Item& item) {
  for (const char* name :
       {"status", "ts", "tenant", "region", "level", "tag", "prio"}) {
    auto found = item.find(name);
    if (found == item.end()) continue;
    const AttributeValue& value = found->second;
    if (value.type() == ValueType::kBool) return true;
    if (value.type() == ValueType::kS && value.s().empty()) return true;
    if (value.type() == ValueType::kB && value.b().empty()) return true;
  }
  return false;
}

// The table's items, from a Scan.
Model Contents(const Table& table) {
  Model model;
  table.VisitAll({}, [&](absl::string_view, const PackedItem& item) {
    Item decoded = item.Decode();
    const std::string pk = decoded.at("pk").s();
    const int64_t sk = std::stoll(decoded.at("sk").n().ToString());
    model.emplace(std::make_pair(pk, sk), std::move(decoded));
    return true;
  });
  return model;
}

void ExpectIndexesAsRebuilt(const Table& table, const Model& model) {
  const TableDefinition def = Definition();
  // Rebuilt by writing every item to a fresh table with the indexes.
  Table written(def);
  PutAll(written, model);
  // Rebuilt by the backfill of indexes added to a table without any.
  TableDefinition bare = def;
  bare.indexes.clear();
  Table backfilled(bare);
  PutAll(backfilled, model);
  ASSERT_THAT(backfilled.Redefine([&](const TableDefinition& current)
                                      -> absl::StatusOr<TableDefinition> {
    TableDefinition next = current;
    next.indexes = def.indexes;
    return next;
  }),
              IsOk());

  for (size_t i = 0; i < def.indexes.size(); ++i) {
    const IndexDefinition& index = def.indexes[i];
    SCOPED_TRACE(index.name);
    const std::vector<std::string> content = IndexContent(table, index.name);
    EXPECT_EQ(content, IndexContent(written, index.name));
    EXPECT_EQ(content, IndexContent(backfilled, index.name));
    // Sparse: exactly the items holding every key attribute.
    int64_t expected = 0;
    for (const auto& [key, item] : model) {
      expected += IndexKeyOf(index, *PackedItem::Pack(item, ItemSize(item)))
                      .has_value();
    }
    EXPECT_EQ(static_cast<int64_t>(content.size()), expected);
  }
  const std::vector<Table::IndexStats> stats = table.index_stats();
  ASSERT_EQ(stats.size(), def.indexes.size());
  for (const std::vector<Table::IndexStats>& rebuilt :
       {written.index_stats(), backfilled.index_stats()}) {
    ASSERT_EQ(rebuilt.size(), stats.size());
    for (size_t i = 0; i < stats.size(); ++i) {
      SCOPED_TRACE(def.indexes[i].name);
      EXPECT_EQ(stats[i].item_count, rebuilt[i].item_count);
      EXPECT_EQ(stats[i].size_bytes, rebuilt[i].size_bytes);
    }
  }
}

TEST(IndexRebuildTest, RandomWritesKeepIndexesEqualToRebuiltOnes) {
  constexpr int kWrites = 3000;
  constexpr int kBatch = 100;
  Table table(Definition());
  Model model;
  RandomWrites random(2021);
  int failed = 0;

  for (int write = 1; write <= kWrites; ++write) {
    const std::pair<std::string, int64_t> key = random.Key();
    auto found = model.find(key);
    const int roll = random.Uniform(0, 99);
    std::optional<Item> next;  // nullopt: delete
    bool fails = false;        // the change function fails
    if (roll < 35 || found == model.end()) {
      next = random.NewItem(key);
    } else if (roll < 55) {
      next = std::nullopt;
    } else if (roll < 95) {
      next = random.Update(found->second);
    } else {
      fails = true;
    }

    const absl::StatusOr<ItemPtr> result = table.Mutate(
        KeyOf(key),
        [&](const ItemPtr& current) -> absl::StatusOr<std::optional<Item>> {
          EXPECT_EQ(current == nullptr, found == model.end());
          if (fails) return ConditionalCheckFailedError("no");
          return next;
        });

    if (fails) {
      ASSERT_THAT(result, ErrorKindIs(ErrorKind::kConditionalCheckFailed));
    } else if (next.has_value() && BreaksIndexKeys(*next)) {
      ASSERT_THAT(result, ErrorKindIs(ErrorKind::kValidation)) << Render(*next);
      ++failed;
    } else {
      ASSERT_THAT(result, IsOk()) << (next ? Render(*next) : "delete");
      if (next.has_value()) {
        model[key] = *std::move(next);
      } else if (found != model.end()) {
        model.erase(found);
      }
    }
    if (write % kBatch == 0) {
      SCOPED_TRACE(::testing::Message() << "after write " << write);
      ASSERT_EQ(Contents(table), model);
      ExpectIndexesAsRebuilt(table, model);
      if (HasFailure()) return;
    }
  }

  // The writes exercised what they were meant to.
  EXPECT_GT(failed, 50);
  EXPECT_GT(model.size(), 30u);
}

}  // namespace
}  // namespace dynamite
