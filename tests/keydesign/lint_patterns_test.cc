#include "keydesign/lint_patterns.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

using ::testing::ElementsAre;

TEST(LintPatternsTest, SplitsOnHash) {
  EXPECT_THAT(SplitSortKey("EVT#2026#0001"),
              ElementsAre("EVT", "2026", "0001"));
  EXPECT_THAT(SplitSortKey("plain"), ElementsAre("plain"));
}

TEST(LintPatternsTest, LabelsAreUpperCaseWords) {
  EXPECT_TRUE(IsLabelSegment("EVT"));
  EXPECT_TRUE(IsLabelSegment("ORDER_ITEM"));
  EXPECT_FALSE(IsLabelSegment("p_1"));
  EXPECT_FALSE(IsLabelSegment("EVT1"));
  EXPECT_FALSE(IsLabelSegment(""));
}

TEST(LintPatternsTest, NumericValues) {
  EXPECT_TRUE(NumericValue("0009").has_value());
  EXPECT_TRUE(NumericValue("-1.25").has_value());
  EXPECT_FALSE(NumericValue("1e5").has_value());
  EXPECT_FALSE(NumericValue("12a").has_value());
  EXPECT_FALSE(NumericValue("").has_value());
  EXPECT_FALSE(NumericValue("-").has_value());
  EXPECT_LT(*NumericValue("9"), *NumericValue("10"));
}

TEST(LintPatternsTest, IsoTimestamps) {
  std::optional<IsoTimestamp> ms =
      ParseIsoTimestamp("2026-06-23T10:15:30.123Z");
  ASSERT_TRUE(ms.has_value());
  EXPECT_EQ(ms->precision, ":SS.fff");
  EXPECT_EQ(ms->offset, "Z");
  std::optional<IsoTimestamp> minutes =
      ParseIsoTimestamp("2026-06-23T10:15+02:00");
  ASSERT_TRUE(minutes.has_value());
  EXPECT_EQ(minutes->precision, "");
  EXPECT_EQ(minutes->offset, "+02:00");
  EXPECT_EQ(ParseIsoTimestamp("2026-06-23T10:15:30")->offset, "");
  EXPECT_FALSE(ParseIsoTimestamp("2026-06-23").has_value());
  EXPECT_FALSE(ParseIsoTimestamp("2026-06-23T10:15:30Zx").has_value());
  EXPECT_TRUE(IsUtcOffset("+00:00"));
  EXPECT_FALSE(IsUtcOffset("+01:00"));
}

TEST(LintPatternsTest, NonSortableDates) {
  struct Case {
    const char* text;
    int year, month, day;
  };
  for (const Case& c :
       {Case{"6/23/2026", 2026, 6, 23}, Case{"23/6/2026", 2026, 6, 23},
        Case{"23-06-2026", 2026, 6, 23}, Case{"23.06.2026 10:15", 2026, 6, 23},
        Case{"6/23/26", 2026, 6, 23}, Case{"Jun 23 2026", 2026, 6, 23},
        Case{"23-Jun-2026", 2026, 6, 23}, Case{"2026-June-23", 2026, 6, 23},
        Case{"September 1, 2026", 2026, 9, 1}}) {
    SCOPED_TRACE(c.text);
    std::optional<LooseDate> date = ParseNonSortableDate(c.text);
    ASSERT_TRUE(date.has_value());
    EXPECT_EQ(date->year, c.year);
    EXPECT_EQ(date->month, c.month);
    EXPECT_EQ(date->day, c.day);
  }
  for (const char* sortable :
       {"2026-06-23", "2026/06/23", "26-06-23", "2026-06-23T10:15:30Z", "p_12",
        "MAY", "1/2", "13/13/2026", "Mayday 12 2026"}) {
    SCOPED_TRACE(sortable);
    EXPECT_FALSE(ParseNonSortableDate(sortable).has_value());
  }
}

TEST(LintPatternsTest, RandomIdentifiers) {
  EXPECT_TRUE(LooksRandom("3f2b8c1e-9d4a-4b7e-8c21-5a6f0e9d1b42"));   // v4
  EXPECT_TRUE(LooksRandom("6ba7b810-9dad-11d1-80b4-00c04fd430c8"));   // v1
  EXPECT_FALSE(LooksRandom("0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b"));  // v7
  EXPECT_TRUE(LooksRandom("d41d8cd98f00b204e9800998ecf8427e"));       // MD5
  EXPECT_TRUE(LooksRandom("a9993e364706816aba3e25717850c26c9cd0d89d"));
  EXPECT_FALSE(LooksRandom("01J1B2C3D4E5F6G7H8J9K0MNPQ"));        // ULID
  EXPECT_FALSE(LooksRandom("12345678901234567890123456789012"));  // digits
}

TEST(LintPatternsTest, EpochUnits) {
  EXPECT_EQ(EpochUnit(1719100800), "seconds");
  EXPECT_EQ(EpochUnit(1719100800000), "milliseconds");
  EXPECT_EQ(EpochUnit(1719100800000000), "microseconds");
  EXPECT_EQ(EpochUnit(10000000), std::nullopt);
  EXPECT_EQ(EpochUnit(8280899199), std::nullopt);
}

}  // namespace
}  // namespace dynamite
