// Each rule of the key-design linter on crafted data: one test that
// provokes it, one that it stays silent on the correct design.

#include "keydesign/lint_rules.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/lint.h"
#include "tests/keydesign/lint_test_tables.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

TEST(NumericSortOrderTest, FlagsUnpaddedNumbersWithTheWrongPair) {
  LintReport report = LintTableDesign(TableOf(
      {{"A", {"9#p_1", "1500#p_2", "20#p_3"}}, {"B", {"7#x", "70#y"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("error numeric-sort-order"));
  const LintFinding* f = FindRule(report, "numeric-sort-order");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->message, HasSubstr("segment 0 of sk"));
  EXPECT_THAT(f->collections, ElementsAre("A"));
  // Bytes: "1500" < "20" < "9"; the first descending pair is 1500, 20.
  EXPECT_THAT(
      f->examples,
      ElementsAre(R"(A: "20#p_3" sorts after "1500#p_2", but 20 < 1500)"));
  EXPECT_THAT(f->fix, HasSubstr("zero-pad"));
}

TEST(NumericSortOrderTest, FlagsWholeKeysAndNegativeNumbers) {
  LintReport report = LintTableDesign(TableOf({{"A", {"-5", "-50", "1"}}}));
  const LintFinding* f = FindRule(report, "numeric-sort-order");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->message, HasSubstr("sk (whole key)"));
  EXPECT_THAT(f->examples, ElementsAre(HasSubstr("-50 < -5")));
}

TEST(NumericSortOrderTest, SilentOnPaddedNumbers) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"00009#p_1", "01500#p_2", "00020#p_3"}},
               {"B", {"ORDER#0001", "ORDER#0010", "PROFILE"}}}));
  EXPECT_THAT(RulesOf(report), IsEmpty());
}

TEST(NumericWidthMixedTest, FlagsAnUnfinishedPaddingMigration) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"ORDER#0000000009", "ORDER#0000001500", "ORDER#20"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("error numeric-sort-order",
                                           "warning numeric-width-mixed"));
  const LintFinding* f = FindRule(report, "numeric-width-mixed");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->message, HasSubstr("segment 1 of sk (after \"ORDER#\")"));
  EXPECT_THAT(f->examples, ElementsAre(HasSubstr("2 of width 10")));
  EXPECT_THAT(f->fix, HasSubstr("not 10 digits wide"));
}

TEST(NumericWidthMixedTest, SilentOnOneWidthAndOnUnpaddedNumbers) {
  EXPECT_EQ(FindRule(LintTableDesign(TableOf({{"A", {"0009", "1500"}}})),
                     "numeric-width-mixed"),
            nullptr);
  // No value has a leading zero: no padding scheme to be mixed.
  EXPECT_EQ(FindRule(LintTableDesign(TableOf({{"A", {"1", "10"}}})),
                     "numeric-width-mixed"),
            nullptr);
}

TEST(NumericWidthHeadroomTest, ReportsDigitsLeft) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"0001#x", "0150#y"}}, {"B", {"0042#z"}}}));
  const LintFinding* f = FindRule(report, "numeric-width-headroom");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, LintSeverity::kInfo);
  EXPECT_THAT(f->message, HasSubstr("zero-padded to 4 digits; the largest "
                                    "value is 150 (3 digits): 1 digit of "
                                    "headroom"));
  EXPECT_THAT(f->examples, ElementsAre(R"(largest in "0150#y")"));
}

TEST(NumericWidthHeadroomTest, WarnsWhenNoDigitIsLeft) {
  LintReport report = LintTableDesign(TableOf({{"A", {"0001", "9999"}}}));
  const LintFinding* f = FindRule(report, "numeric-width-headroom");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, LintSeverity::kWarning);
  EXPECT_THAT(f->message, HasSubstr("0 digits of headroom"));
}

TEST(NumericWidthHeadroomTest, MeasuresInvertedValuesBeforeInversion) {
  // 9999999999 - 1500 and 9999999999 - 10000000.
  LintReport report =
      LintTableDesign(TableOf({{"A", {"9999998499#p", "9989999999#q"}}}));
  const LintFinding* f = FindRule(report, "numeric-width-headroom");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, LintSeverity::kInfo);
  EXPECT_THAT(f->message,
              HasSubstr("inverted (9999999999 - value) in 10 digits; the "
                        "largest value before inversion is 10000000 (8 "
                        "digits): 2 digits of headroom"));
}

TEST(NumericWidthHeadroomTest, SilentWithoutPadding) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"EVT#alpha", "EVT#beta", "1719100800"}}}));
  EXPECT_EQ(FindRule(report, "numeric-width-headroom"), nullptr);
}

TEST(InvertedTimestampTest, FlagsAnInvertedEpochLeadingTheKey) {
  // 9999999999 - 1719100800 (2024-06-23) and - 1719187200.
  LintReport report = LintTableDesign(
      TableOf({{"A", {"EVT#8280899199#x", "EVT#8280812799#y"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("warning inverted-timestamp"));
  const LintFinding* f = FindRule(report, "inverted-timestamp");
  EXPECT_THAT(f->examples, ElementsAre(HasSubstr("2024-06-24T00:00:00Z")));
  EXPECT_THAT(f->fix, HasSubstr("ScanIndexForward=false"));
}

TEST(InvertedTimestampTest, SilentOnAscendingTimesAndInvertedScores) {
  EXPECT_THAT(RulesOf(LintTableDesign(
                  TableOf({{"A", {"EVT#1719100800#x", "EVT#1719187200#y"}}}))),
              IsEmpty());
  // An inverted score is not a time; and an inverted time after a score
  // orders ties, which ScanIndexForward cannot do alone.
  EXPECT_THAT(
      RulesOf(LintTableDesign(TableOf(
          {{"A", {"9999998499#8280899199", "9999998499#8280812799"}}}))),
      IsEmpty());
}

TEST(DateFormatTest, FlagsUsDatesWithTheWrongPair) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"EVT#6/23/2026#0001", "EVT#10/1/2026#0002"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("error date-format"));
  const LintFinding* f = FindRule(report, "date-format");
  EXPECT_THAT(
      f->examples,
      ElementsAre(
          R"(A: "EVT#6/23/2026#0001" sorts after "EVT#10/1/2026#0002", but 2026-06-23 is before 2026-10-01)",
          R"(A: "EVT#10/1/2026#0002": 10/1/2026 -> 2026-10-01)"));
}

TEST(DateFormatTest, FlagsDayFirstAndMonthNames) {
  for (const char* key :
       {"23-06-2026", "23.06.2026", "Jun 23 2026", "23-Jun-2026", "2026-Jun-23",
        "LOGIN#June 23, 2026 10:15"}) {
    SCOPED_TRACE(key);
    EXPECT_THAT(RulesOf(LintTableDesign(TableOf({{"A", {key}}}))),
                ElementsAre("error date-format"));
  }
}

TEST(DateFormatTest, SilentOnIsoDates) {
  EXPECT_THAT(RulesOf(LintTableDesign(
                  TableOf({{"A",
                            {"EVT#2026-06-23#0001", "EVT#2026/10/01#0002",
                             "MARCH#PLAN", "EVT#2026-06"}}}))),
              IsEmpty());
}

TEST(TimestampMixedTest, FlagsMixedPrecision) {
  LintReport report = LintTableDesign(TableOf(
      {{"A", {"EVT#2026-06-23T10:15:30Z", "EVT#2026-06-23T10:15:30.500Z"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("error timestamp-mixed"));
  EXPECT_THAT(FindRule(report, "timestamp-mixed")->examples,
              ElementsAre(HasSubstr("precision HH:MM:SS: "),
                          HasSubstr("precision HH:MM:SS.fff: ")));
}

TEST(TimestampMixedTest, FlagsMixedOffsets) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"2026-06-23T10:15:30Z", "2026-06-23T12:15:31+02:00"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("error timestamp-mixed"));
  EXPECT_THAT(FindRule(report, "timestamp-mixed")->message,
              HasSubstr("mixes UTC offsets"));
}

TEST(TimestampMixedTest, WarnsOnOneLocalOffset) {
  LintReport report = LintTableDesign(TableOf(
      {{"A", {"2026-06-23T10:15:30+02:00", "2026-06-23T11:15:30+02:00"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("warning timestamp-mixed"));
}

TEST(TimestampMixedTest, SilentOnOnePrecisionInUtc) {
  EXPECT_THAT(
      RulesOf(LintTableDesign(TableOf(
          {{"A",
            {"EVT#2026-06-23T10:15:30.000Z#0001",
             "EVT#2026-06-23T10:15:30.500Z#0001", "EVT#2026-06-23"}}}))),
      IsEmpty());
}

TEST(RandomSortKeyTest, FlagsUuidsAndDigestsLeadingTheKey) {
  LintReport report = LintTableDesign(
      TableOf({{"A",
                {"ORDER#3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b42",
                 "ORDER#a9993e364706816aba3e25717850c26c9cd0d89d"}},
               {"B", {"ORDER#0c8f2d6a-1b3e-4f5a-9e7d-2c4b6a8e0f13"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("warning random-sort-key"));
  const LintFinding* f = FindRule(report, "random-sort-key");
  EXPECT_THAT(f->message, HasSubstr("3 of 3 values of sk"));
  EXPECT_THAT(f->collections, ElementsAre("A", "B"));
}

TEST(RandomSortKeyTest, SilentOnTieBreakersAndTimeOrderedIds) {
  EXPECT_THAT(RulesOf(LintTableDesign(
                  TableOf({{"A",
                            {"EVT#2026-06-23T10:15:30.000Z#3f2b8c1e-9d4a-4b7e-"
                             "8c21-5a6f0e9d1b42",
                             "EVT#2026-06-23T10:15:31.000Z#0c8f2d6a-1b3e-4f5a-"
                             "9e7d-2c4b6a8e0f13",
                             // UUIDv7 and ULID begin with their time.
                             "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
                             "01J1B2C3D4E5F6G7H8J9K0MNPQ"}}}))),
              IsEmpty());
}

TEST(PartitionSkewTest, SummarisesTopPartitions) {
  LintReport report =
      LintTableDesign(TableOf({{"A", {"1", "2", "3"}}, {"B", {"1"}}}));
  const LintFinding* f = FindRule(report, "partition-skew");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, LintSeverity::kInfo);
  EXPECT_THAT(f->message, HasSubstr("4 items"));
  EXPECT_THAT(f->message, HasSubstr("the largest holds 75.0% of the items"));
  // 1,000 WCU/s over a 75% share.
  EXPECT_THAT(f->message, HasSubstr("1333 WCU/s"));
  EXPECT_THAT(f->examples, ElementsAre(HasSubstr("A: 3 items (75.0%)"),
                                       HasSubstr("B: 1 item (25.0%)")));
}

TEST(PartitionSkewTest, WarnsOnAHotPartition) {
  std::vector<std::string> many;
  for (int i = 0; i < 20; ++i) many.push_back(absl::StrCat("k", i));
  LintReport report = LintTableDesign(TableOf(
      {{"HOT", many}, {"B", {"k"}}, {"C", {"k"}}, {"D", {"k"}}, {"E", {"k"}}}));
  EXPECT_THAT(RulesOf(report), ElementsAre("warning partition-skew"));
  EXPECT_THAT(FindRule(report, "partition-skew")->message,
              HasSubstr("hot partition: HOT holds 83.3% of the items"));
}

TEST(PartitionSkewTest, SilentOnEvenPartitions) {
  Collections even;
  for (const char* season : {"S1", "S2", "S3", "S4"}) {
    even.push_back({season, {"a", "b", "c", "d", "e"}});
  }
  EXPECT_THAT(RulesOf(LintTableDesign(TableOf(even))), IsEmpty());
}

// Collections of the given sizes in bytes, one item each (too few for the
// hot-partition warning), as GroupCollections() would report them. Sizes
// near 10 GB cannot be built from items in a test.
LintCollections CollectionsOfSize(
    const std::vector<std::pair<std::string, int64_t>>& sizes) {
  LintCollections table{.table = "T", .sort_key_name = "sk"};
  for (const auto& [pk, bytes] : sizes) {
    table.collections.push_back(
        {.partition_key = pk, .item_count = 1, .size_bytes = bytes});
    table.item_count += 1;
    table.size_bytes += bytes;
  }
  return table;
}

constexpr int64_t kGiB = int64_t{1} << 30;

TEST(PartitionSkewTest, WithALocalIndexFlagsCollectionsNearAndPast10GB) {
  // Past 10 GB is an error; past 80% of it (8 GiB) a warning; exactly at
  // either bound is not past it.
  const LintCollections table = CollectionsOfSize({{"A", 11 * kGiB},
                                                   {"B", 10 * kGiB},
                                                   {"C", 8 * kGiB + 1},
                                                   {"D", 8 * kGiB},
                                                   {"E", 10 * kGiB + 1}});
  std::vector<LintFinding> findings = CheckPartitionSkew(
      table, LintTable{.name = "T", .has_local_secondary_index = true});
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0].severity, LintSeverity::kInfo);
  const LintFinding& over = findings[1];
  EXPECT_EQ(over.severity, LintSeverity::kError);
  EXPECT_EQ(over.rule, "partition-skew");
  EXPECT_THAT(over.message, HasSubstr("larger than DynamoDB's 10 GB limit"));
  EXPECT_THAT(over.collections, ElementsAre("A", "E"));
  EXPECT_THAT(over.examples,
              ElementsAre("A: 11811160064 bytes", "E: 10737418241 bytes"));
  EXPECT_THAT(over.fix, HasSubstr("ItemCollectionSizeLimitExceededException"));
  const LintFinding& near = findings[2];
  EXPECT_EQ(near.severity, LintSeverity::kWarning);
  EXPECT_THAT(near.message, HasSubstr("past 80% of DynamoDB's 10 GB limit"));
  EXPECT_THAT(near.collections, ElementsAre("B", "C"));
}

TEST(PartitionSkewTest, WithoutALocalIndexCollectionsMayPass10GB) {
  std::vector<LintFinding> findings = CheckPartitionSkew(
      CollectionsOfSize({{"A", 11 * kGiB}, {"B", 1}}), LintTable{.name = "T"});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, LintSeverity::kInfo);
}

TEST(NumberPrecisionTest, FlagsImpreciseNumbersRecordedByTheReader) {
  LintTable table = TableOf({{"A", {"x"}}});
  table.items[0].imprecise_numbers.push_back(
      {"price", "1234567890123456789012345678901234567890"});
  LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOf(report), ElementsAre("error number-precision"));
  EXPECT_THAT(
      FindRule(report, "number-precision")->examples,
      ElementsAre("A: price = 1234567890123456789012345678901234567890"));
}

TEST(NumberPrecisionTest, SilentWithoutImpreciseNumbers) {
  EXPECT_EQ(
      FindRule(LintTableDesign(TableOf({{"A", {"x"}}})), "number-precision"),
      nullptr);
}

TEST(MissingKeyTest, FlagsItemsWithoutTheSortKey) {
  LintTable table = TableOf({{"A", {"x"}}});
  table.items.push_back(LintItem{.item = {{"pk", AttributeValue::S("A")}}});
  EXPECT_THAT(RulesOf(LintTableDesign(table)),
              ElementsAre("error missing-key"));
}

TEST(LintTableDesignTest, OrdersFindingsBySeverity) {
  LintReport report = LintTableDesign(
      TableOf({{"A", {"9#6/23/2026", "10#7/1/2026", "0001#x", "0150#y"}}}));
  ASSERT_GE(report.findings.size(), 2u);
  for (size_t i = 1; i < report.findings.size(); ++i) {
    EXPECT_GE(report.findings[i - 1].severity, report.findings[i].severity);
  }
}

}  // namespace
}  // namespace dynamite
