// Secondary indexes under concurrent writes (issue 21): readers of an index
// never see an entry without its item, nor an entry an earlier commit
// replaced, while writers change the items' index keys. Labelled
// `concurrency`, so that the ThreadSanitizer build runs it
// (tests/store/CMakeLists.txt).

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "store/commit.h"
#include "store/item.h"
#include "store/key_codec.h"
#include "store/number.h"
#include "store/table.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;

constexpr int kKeys = 32;
constexpr int kWriters = 2;
constexpr int kWritesPerWriter = 2000;
constexpr int kReaders = 2;
constexpr int kReadsPerReader = 300;
constexpr int kPartitions = 4;

AttributeValue Num(int64_t n) { return AttributeValue::N(Number::FromInt(n)); }

int64_t ToInt(const Number& n) { return std::stoll(n.ToString()); }

uint64_t Mix(uint64_t x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// What version `v` of key `k` is: every writer and reader agrees, so a
// reader can tell which write an entry or an item came from. Version 0 is
// "never written".
struct State {
  bool present = false;
  bool indexed = false;  // has the GSI's keys
  std::string g;
  int64_t r = 0;
};

State StateOf(int k, int64_t v) {
  State state;
  if (v == 0) return state;
  const uint64_t h = Mix(static_cast<uint64_t>(k) * 1000003 + v);
  const int kind = static_cast<int>(h % 6);
  state.present = kind != 0;
  state.indexed = kind >= 2;
  state.g = absl::StrCat("g", (h >> 8) % kPartitions);
  state.r = static_cast<int64_t>((h >> 16) % 10);
  return state;
}

std::string Pk(int k) { return absl::StrCat("k", k); }
EncodedKey KeyOf(int k) { return {Pk(k), ""}; }

std::optional<Item> ItemOf(int k, int64_t v) {
  const State state = StateOf(k, v);
  if (!state.present) return std::nullopt;
  Item item{{"pk", AttributeValue::S(Pk(k))},
            {"v", Num(v)},
            {"pad", AttributeValue::S(std::string(v % 40, 'p'))}};
  item["r"] = Num(state.r);
  // Without g the item is not in the index (sparse).
  if (state.indexed) item["g"] = AttributeValue::S(state.g);
  return item;
}

TableDefinition Definition() {
  TableDefinition def;
  def.name = "t";
  def.key_schema.partition_key = {"pk", KeyType::kS};
  IndexDefinition gsi;
  gsi.name = "ByG";
  gsi.kind = IndexKind::kGlobal;
  gsi.hash_keys = {{"g", KeyType::kS}};
  gsi.range_keys = {{"r", KeyType::kN}};
  gsi.projection = ProjectionType::kInclude;
  gsi.non_key_attributes = {"v"};
  def.indexes = {gsi};
  return def;
}

// An entry a reader saw.
struct Seen {
  int k = 0;
  int64_t v = 0;
  std::string g;
  int64_t r = 0;
};

class Versions {
 public:
  Versions() {
    for (int k = 0; k < kKeys; ++k) {
      started_[k].store(0);
      committed_[k].store(0);
    }
  }
  std::atomic<int64_t>& started(int k) { return started_[k]; }
  std::atomic<int64_t>& committed(int k) { return committed_[k]; }

 private:
  std::array<std::atomic<int64_t>, kKeys> started_;
  std::array<std::atomic<int64_t>, kKeys> committed_;
};

// Writer `w` owns the keys k with k % kWriters == w and writes their
// versions 1, 2, ... in turn.
void Write(Table& table, Versions& versions, int w) {
  std::vector<int64_t> version(kKeys, 0);
  uint64_t rng = Mix(w + 1);
  for (int i = 0; i < kWritesPerWriter; ++i) {
    rng = Mix(rng);
    const int k = w + kWriters * static_cast<int>(rng % (kKeys / kWriters));
    const int64_t v = ++version[k];
    versions.started(k).store(v);
    const std::optional<Item> next = ItemOf(k, v);
    const absl::StatusOr<ItemPtr> old = table.Mutate(
        KeyOf(k), [&](const ItemPtr&) -> absl::StatusOr<std::optional<Item>> {
          return next;
        });
    ASSERT_THAT(old, IsOk());
    versions.committed(k).store(v);
  }
}

// One read of the index and the checks of what it saw.
void ReadOnce(const Table& table, Versions& versions, int i) {
  std::array<int64_t, kKeys> before;
  for (int k = 0; k < kKeys; ++k) before[k] = versions.committed(k).load();

  const bool whole = i % 2 == 0;
  const std::string partition = absl::StrCat("g", (i / 2) % kPartitions);
  // A range on r for some partition reads: [2, 7].
  const bool ranged = !whole && i % 3 == 0;
  SortKeyRange range;
  if (ranged) {
    range.lower = SortKeyBound{EncodeKeyValue(Num(2)), true};
    range.upper = SortKeyBound{EncodeKeyValue(Num(7)), true};
  }
  std::vector<Seen> seen;
  auto record = [&](const PackedItem& data, int64_t) {
    Seen s;
    s.k = std::stoi(std::string(data.Find("pk")->s().substr(1)));
    s.v = ToInt(data.Find("v")->n());
    s.g = std::string(data.Find("g")->s());
    s.r = ToInt(data.Find("r")->n());
    seen.push_back(s);
    return true;
  };
  if (whole) {
    ASSERT_TRUE(table.VisitIndexAll("ByG", 0, 1, nullptr, record));
  } else {
    ASSERT_TRUE(table.VisitIndexPartition(
        "ByG", partition, range,
        i % 4 == 1 ? Direction::kForward : Direction::kBackward, nullptr,
        record));
  }

  std::array<int64_t, kKeys> after;
  for (int k = 0; k < kKeys; ++k) after[k] = versions.started(k).load();

  std::array<int, kKeys> times_seen{};
  for (const Seen& s : seen) {
    ASSERT_TRUE(s.k >= 0 && s.k < kKeys);
    ++times_seen[s.k];
    const State state = StateOf(s.k, s.v);
    // The entry is the index key of the version it holds.
    EXPECT_TRUE(state.indexed) << "k" << s.k << " v" << s.v;
    EXPECT_EQ(s.g, state.g) << "k" << s.k << " v" << s.v;
    EXPECT_EQ(s.r, state.r) << "k" << s.k << " v" << s.v;
    // Of a version committed before the read ended, and not replaced by one
    // committed before it began.
    EXPECT_GE(s.v, before[s.k]) << "stale entry of k" << s.k;
    EXPECT_LE(s.v, after[s.k]) << "entry from the future of k" << s.k;
    if (!whole) {
      EXPECT_EQ(s.g, partition);
      EXPECT_TRUE(!ranged || (s.r >= 2 && s.r <= 7)) << s.r;
    }
  }
  for (int k = 0; k < kKeys; ++k) {
    EXPECT_LE(times_seen[k], 1) << "k" << k << " seen twice in one read";
    // A key no write touched while the read ran is in it exactly when its
    // version has an entry there.
    if (before[k] != after[k]) continue;
    const State state = StateOf(k, before[k]);
    const bool expected =
        state.indexed &&
        (whole ||
         (state.g == partition && (!ranged || (state.r >= 2 && state.r <= 7))));
    EXPECT_EQ(times_seen[k] == 1, expected)
        << "k" << k << " v" << before[k] << (expected ? " missing" : " extra");
  }

  // Every entry's item is in the table: as that version, whose index key
  // is the entry's, or as a later one.
  for (const Seen& s : seen) {
    const ItemPtr item = table.Get(KeyOf(s.k));
    const int64_t now = versions.started(s.k).load();
    if (item == nullptr) {
      bool deleted_later = false;
      for (int64_t v = s.v + 1; v <= now; ++v) {
        deleted_later |= !StateOf(s.k, v).present;
      }
      EXPECT_TRUE(deleted_later) << "entry without its item: k" << s.k;
      continue;
    }
    const int64_t v = ToInt(item->at("v").n());
    EXPECT_GE(v, s.v) << "k" << s.k;
    EXPECT_LE(v, now) << "k" << s.k;
    EXPECT_EQ(*item, *ItemOf(s.k, v)) << "k" << s.k;
    if (v == s.v) {
      EXPECT_EQ(item->at("g").s(), s.g);
      EXPECT_EQ(ToInt(item->at("r").n()), s.r);
    }
  }
}

TEST(IndexConcurrencyTest, ReadersSeeNoEntryWithoutItsItem) {
  Table table(Definition());
  Versions versions;

  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] { Write(table, versions, w); });
  }
  for (int r = 0; r < kReaders; ++r) {
    threads.emplace_back([&, r] {
      for (int i = 0; i < kReadsPerReader && !::testing::Test::HasFailure();
           ++i) {
        ReadOnce(table, versions, i * kReaders + r);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  // Quiescent: the index holds exactly the indexed items' entries.
  int64_t indexed = 0;
  for (int k = 0; k < kKeys; ++k) {
    indexed += StateOf(k, versions.committed(k).load()).indexed;
  }
  EXPECT_EQ(table.index_stats()[0].item_count, indexed);
  ReadOnce(table, versions, 0);
}

// Two threads commit to the same two tables, naming them in opposite
// orders: the fixed lock order keeps them from deadlocking, and each
// read-modify-write is atomic.
TEST(IndexConcurrencyTest, CommitsNamingTablesInOppositeOrdersComplete) {
  constexpr int kCommits = 500;
  Table a(Definition());
  Table b(Definition());
  auto increment = [](const ItemPtr& current) -> absl::StatusOr<NextItem> {
    const int64_t n = current == nullptr ? 0 : ToInt(current->at("v").n());
    return NextItem::Own(
        Item{{"pk", AttributeValue::S("k0")},
             {"v", Num(n + 1)},
             {"g", AttributeValue::S(absl::StrCat("g", n % 3))},
             {"r", Num(n)}});
  };
  auto run = [&](Table& first, Table& second) {
    for (int i = 0; i < kCommits; ++i) {
      const std::vector<Change> changes = {{&first, KeyOf(0), increment},
                                           {&second, KeyOf(0), increment}};
      const CommitResult result = Commit(changes);
      ASSERT_THAT(result.status, IsOk());
    }
  };

  std::thread forward([&] { run(a, b); });
  std::thread backward([&] { run(b, a); });
  forward.join();
  backward.join();

  EXPECT_EQ(ToInt(a.Get(KeyOf(0))->at("v").n()), 2 * kCommits);
  EXPECT_EQ(ToInt(b.Get(KeyOf(0))->at("v").n()), 2 * kCommits);
  EXPECT_EQ(a.index_stats()[0].item_count, 1);
  EXPECT_EQ(b.index_stats()[0].item_count, 1);
}

}  // namespace
}  // namespace dynamite
