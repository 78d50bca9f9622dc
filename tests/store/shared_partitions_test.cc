// SharedPartitions (store/shared_partitions.h): a fork shares every
// partition, and the first write to a shared partition, from either side,
// copies that partition alone.

#include "store/shared_partitions.h"

#include <string>
#include <vector>

#include "absl/container/btree_set.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;

// An entry that counts its clones, so that a test sees what was copied.
struct CountedEntry {
  int value = 0;
  int* clones = nullptr;

  CountedEntry Clone() const {
    ++*clones;
    return *this;
  }
  bool operator<(const CountedEntry& other) const {
    return value < other.value;
  }
};
using CountedSet = absl::btree_set<CountedEntry>;
using Partitions = SharedPartitions<CountedSet>;

std::vector<int> Values(const Partitions& partitions, const std::string& key) {
  std::vector<int> values;
  const CountedSet* set = partitions.Find(key);
  if (set == nullptr) return values;
  for (const CountedEntry& entry : *set) values.push_back(entry.value);
  return values;
}

class SharedPartitionsTest : public ::testing::Test {
 protected:
  void Add(Partitions& partitions, const std::string& key, int value) {
    partitions.FindOrCreate(key).first->insert({value, &clones_});
  }
  int clones_ = 0;
};

TEST_F(SharedPartitionsTest, AForkCopiesNoEntry) {
  Partitions parent;
  for (int i = 0; i < 100; ++i) Add(parent, "a", i);
  Add(parent, "b", 1);
  Partitions fork = parent.Fork();
  EXPECT_EQ(clones_, 0);
  EXPECT_EQ(fork.size(), 2u);
  EXPECT_EQ(Values(fork, "a").size(), 100u);
  // Both see the same partition, not copies.
  EXPECT_EQ(fork.Find("a"), parent.Find("a"));
}

TEST_F(SharedPartitionsTest, TheFirstWriteCopiesThatPartitionOnce) {
  Partitions parent;
  Add(parent, "a", 1);
  Add(parent, "a", 2);
  Add(parent, "b", 3);
  Partitions fork = parent.Fork();

  Add(fork, "a", 4);
  EXPECT_EQ(clones_, 2);  // "a"'s two entries; "b" is still shared
  Add(fork, "a", 5);
  EXPECT_EQ(clones_, 2);  // the fork's "a" is its own now
  EXPECT_EQ(fork.Find("b"), parent.Find("b"));
  EXPECT_THAT(Values(fork, "a"), ElementsAre(1, 2, 4, 5));
  EXPECT_THAT(Values(parent, "a"), ElementsAre(1, 2));

  // The parent copies too, on its own first write.
  parent.FindMutable("a")->erase(parent.FindMutable("a")->begin());
  EXPECT_EQ(clones_, 4);
  EXPECT_THAT(Values(parent, "a"), ElementsAre(2));
  EXPECT_THAT(Values(fork, "a"), ElementsAre(1, 2, 4, 5));
}

TEST_F(SharedPartitionsTest, PartitionsCreatedOrErasedAfterAForkAreOneSides) {
  Partitions parent;
  Add(parent, "a", 1);
  Partitions fork = parent.Fork();
  Add(parent, "new", 7);
  fork.Erase("a");
  EXPECT_EQ(fork.Find("new"), nullptr);
  EXPECT_EQ(fork.Find("a"), nullptr);
  EXPECT_THAT(Values(parent, "a"), ElementsAre(1));
  EXPECT_THAT(Values(parent, "new"), ElementsAre(7));
  // A partition created after the fork is the parent's alone: no copy.
  Add(parent, "new", 8);
  EXPECT_EQ(clones_, 0);
}

TEST_F(SharedPartitionsTest, AForkOfAForkSharesWithBoth) {
  Partitions parent;
  Add(parent, "a", 1);
  Partitions child = parent.Fork();
  Partitions grandchild = child.Fork();
  EXPECT_EQ(grandchild.Find("a"), parent.Find("a"));
  Add(child, "a", 2);
  EXPECT_THAT(Values(parent, "a"), ElementsAre(1));
  EXPECT_THAT(Values(child, "a"), ElementsAre(1, 2));
  EXPECT_THAT(Values(grandchild, "a"), ElementsAre(1));
  Add(grandchild, "a", 3);
  EXPECT_THAT(Values(child, "a"), ElementsAre(1, 2));
  EXPECT_THAT(Values(grandchild, "a"), ElementsAre(1, 3));
}

}  // namespace
}  // namespace dynamite
