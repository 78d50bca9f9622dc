// The linter on secondary indexes: each sort key rule and partition-skew
// judge an index's keys as they judge the table's, over the items the index
// holds (sparse), with findings naming the index; the reports, the --gsi
// and --lsi-index flags, and DescribeTable's indexes.

#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/lint.h"
#include "keydesign/lint_command.h"
#include "keydesign/lint_file_reader.h"
#include "keydesign/lint_index_json.h"
#include "keydesign/lint_report.h"
#include "keydesign/lint_table.h"
#include "tests/keydesign/lint_test_tables.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::SizeIs;

// An audit-log table (PK actor, SK event) with GSI1 (GSI1PK, GSI1SK).
LintIndex Gsi1() {
  return LintIndex{.name = "GSI1",
                   .global = true,
                   .partition_keys = {{"GSI1PK", KeyType::kS}},
                   .sort_keys = {{"GSI1SK", KeyType::kS}}};
}

LintTable AuditTable() {
  return LintTable{.name = "Audit",
                   .key_schema = {.partition_key = {"PK", KeyType::kS},
                                  .sort_key = KeyAttribute{"SK", KeyType::kS}},
                   .indexes = {Gsi1()}};
}

// An item with a padded, well-ordered table key and the given GSI keys
// (none when `gsi_pk` is empty).
void AddItem(LintTable& table, int n, absl::string_view gsi_pk,
             absl::string_view gsi_sk) {
  Item item{{"PK", AttributeValue::S(absl::StrCat("ACTOR#u_", n % 3))},
            {"SK", AttributeValue::S(absl::StrCat("EVT#2026-06-23T10:15:30.",
                                                  100 + n, "Z#0001"))}};
  if (!gsi_pk.empty()) {
    item.emplace("GSI1PK", AttributeValue::S(std::string(gsi_pk)));
    item.emplace("GSI1SK", AttributeValue::S(std::string(gsi_sk)));
  }
  table.items.push_back(LintItem{.item = std::move(item)});
}

// The findings of `report` about `index` (empty: the table's), as
// "severity rule".
std::vector<std::string> RulesOn(const LintReport& report,
                                 absl::string_view index) {
  std::vector<std::string> rules;
  for (const LintFinding& f : report.findings) {
    if (f.index != index || f.severity == LintSeverity::kInfo) continue;
    rules.push_back(absl::StrCat(LintSeverityName(f.severity), " ", f.rule));
  }
  return rules;
}

const LintFinding* FindOn(const LintReport& report, absl::string_view rule,
                          absl::string_view index) {
  for (const LintFinding& f : report.findings) {
    if (f.rule == rule && f.index == index) return &f;
  }
  return nullptr;
}

TEST(LintIndexTest, FlagsARawNumberGsiSortKeyAndNamesTheIndex) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "SCORE#9");
  AddItem(table, 2, "LOGIN", "SCORE#1500");
  AddItem(table, 3, "LOGIN", "SCORE#20");
  AddItem(table, 4, "LOGOUT", "SCORE#7");
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, ""), IsEmpty());
  EXPECT_THAT(RulesOn(report, "GSI1"), ElementsAre("error numeric-sort-order"));
  const LintFinding* f = FindOn(report, "numeric-sort-order", "GSI1");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->table, "Audit");
  // The collections are the index's partitions, the column its sort key.
  EXPECT_THAT(f->collections, ElementsAre("LOGIN"));
  EXPECT_THAT(f->message, HasSubstr("GSI1SK"));
  EXPECT_THAT(f->examples,
              ElementsAre("LOGIN: \"SCORE#20\" sorts after \"SCORE#1500\", "
                          "but 20 < 1500"));
  EXPECT_TRUE(HasLintErrors(report.findings));
}

TEST(LintIndexTest, APaddedGsiSortKeyIsClean) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "SCORE#00009");
  AddItem(table, 2, "LOGIN", "SCORE#01500");
  AddItem(table, 3, "LOGIN", "SCORE#00020");
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, "GSI1"), IsEmpty());
  EXPECT_FALSE(HasLintErrors(report.findings));
  // The padding's headroom is reported for the index too, as a fact.
  const LintFinding* headroom =
      FindOn(report, "numeric-width-headroom", "GSI1");
  ASSERT_NE(headroom, nullptr);
  EXPECT_EQ(headroom->severity, LintSeverity::kInfo);
}

TEST(LintIndexTest, AGsiSortKeyInTheTablesFormatIsCleanToo) {
  // workloads.md's audit GSI: GSI1PK = action, GSI1SK = the SK.
  LintTable table = AuditTable();
  for (int i = 0; i < 12; ++i) {
    AddItem(table, i, i % 2 == 0 ? "LOGIN" : "READ",
            absl::StrCat("EVT#2026-06-", 10 + i, "T10:15:30.123Z#0001"));
  }
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, ""), IsEmpty());
  EXPECT_THAT(RulesOn(report, "GSI1"), IsEmpty());
  // The GSI's partitions get their own summary.
  const LintFinding* skew = FindOn(report, "partition-skew", "GSI1");
  ASSERT_NE(skew, nullptr);
  EXPECT_THAT(skew->message, HasSubstr("12 items"));
  EXPECT_THAT(skew->message, HasSubstr("2 item collections"));
  EXPECT_THAT(skew->message, HasSubstr("the index throttles"));
}

TEST(LintIndexTest, ItemsWithoutTheIndexKeysAreNotInTheIndex) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "SCORE#9");
  AddItem(table, 2, "LOGIN", "SCORE#1500");
  for (int i = 3; i < 20; ++i) AddItem(table, i, "", "");
  // An item with only one of the two index keys is not in it either.
  table.items.push_back(
      LintItem{.item = {{"PK", AttributeValue::S("ACTOR#u_9")},
                        {"SK", AttributeValue::S("EVT#x")},
                        {"GSI1PK", AttributeValue::S("LOGIN")}}});
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, ""), IsEmpty());
  EXPECT_THAT(RulesOn(report, "GSI1"), ElementsAre("error numeric-sort-order"));
  const LintFinding* skew = FindOn(report, "partition-skew", "GSI1");
  ASSERT_NE(skew, nullptr);
  EXPECT_THAT(skew->message, HasSubstr("2 items"));
}

TEST(LintIndexTest, AnIndexKeyOfTheWrongTypeIsAnError) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "SCORE#00009");
  table.items.push_back(
      LintItem{.item = {{"PK", AttributeValue::S("ACTOR#u_1")},
                        {"SK", AttributeValue::S("EVT#y")},
                        {"GSI1PK", AttributeValue::S("LOGIN")},
                        {"GSI1SK", AttributeValue::N(Number::FromInt(7))}}});
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, "GSI1"), ElementsAre("error index-key-type"));
  const LintFinding* f = FindOn(report, "index-key-type", "GSI1");
  ASSERT_NE(f, nullptr);
  EXPECT_THAT(f->message, HasSubstr("1 items"));
  EXPECT_THAT(f->message, HasSubstr("GSI1SK (S)"));
  // Not the table's missing-key: the table's own key is fine.
  EXPECT_EQ(FindOn(report, "missing-key", ""), nullptr);
}

TEST(LintIndexTest, FlagsAnUnpaddedLsiSortKeyWithoutRepeatingTheTablesSkew) {
  LintTable table = TableOf({{"S1", {"a", "b", "c"}}, {"S2", {"d"}}});
  const std::vector<std::string> ranks = {"9", "1500", "20", "3"};
  for (size_t i = 0; i < table.items.size(); ++i) {
    table.items[i].item.emplace("rank", AttributeValue::S(ranks[i]));
  }
  table.indexes = {LintIndex{.name = "ByRank",
                             .global = false,
                             .partition_keys = {{"pk", KeyType::kS}},
                             .sort_keys = {{"rank", KeyType::kS}}}};
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, "ByRank"),
              ElementsAre("error numeric-sort-order"));
  EXPECT_EQ(FindOn(report, "partition-skew", "ByRank"), nullptr);
  EXPECT_NE(FindOn(report, "partition-skew", ""), nullptr);
  EXPECT_THAT(FindOn(report, "numeric-sort-order", "ByRank")->collections,
              ElementsAre("S1"));
}

TEST(LintIndexTest, ANumberLsiSortKeyIsClean) {
  LintTable table = TableOf({{"S1", {"a", "b", "c"}}});
  for (size_t i = 0; i < table.items.size(); ++i) {
    table.items[i].item.emplace(
        "rank", AttributeValue::N(Number::FromInt(static_cast<int64_t>(
                    i == 0 ? 9 : 1500 * static_cast<int64_t>(i)))));
  }
  table.indexes = {LintIndex{.name = "ByRank",
                             .global = false,
                             .partition_keys = {{"pk", KeyType::kS}},
                             .sort_keys = {{"rank", KeyType::kN}}}};
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOf(report), IsEmpty());
}

TEST(LintIndexTest, WarnsOfAHotGsiPartition) {
  LintTable table = AuditTable();
  // 16 of 20 items under one action: the GSI's hot partition, while the
  // table's actors are spread (n % 3 plus distinct ones).
  for (int i = 0; i < 20; ++i) {
    AddItem(table, i, i < 16 ? "LOGIN" : absl::StrCat("ACT", i),
            absl::StrCat("T#", 1000 + i));
  }
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, "GSI1"), ElementsAre("warning partition-skew"));
  const LintFinding* hot = nullptr;
  for (const LintFinding& f : report.findings) {
    if (f.index == "GSI1" && f.severity == LintSeverity::kWarning) hot = &f;
  }
  ASSERT_NE(hot, nullptr);
  EXPECT_THAT(hot->message, HasSubstr("hot partition: LOGIN holds 80.0%"));
  EXPECT_THAT(hot->fix, HasSubstr("GSI partition key"));
}

TEST(LintIndexTest, AGsiOnTheTablesKeysAddsNothing) {
  LintTable table = TableOf({{"S1", {"9#a", "1500#b"}}});
  table.indexes = {LintIndex{.name = "Same",
                             .partition_keys = {{"pk", KeyType::kS}},
                             .sort_keys = {{"sk", KeyType::kS}}}};
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, ""), ElementsAre("error numeric-sort-order"));
  for (const LintFinding& f : report.findings) EXPECT_EQ(f.index, "");
}

TEST(LintIndexTest, AGsiWithoutASortKeyGetsOnlyItsPartitions) {
  LintTable table = AuditTable();
  table.indexes = {LintIndex{.name = "ByAction",
                             .partition_keys = {{"GSI1PK", KeyType::kS}}}};
  AddItem(table, 1, "LOGIN", "SCORE#9");
  AddItem(table, 2, "LOGIN", "SCORE#1500");
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, "ByAction"), IsEmpty());
  EXPECT_NE(FindOn(report, "partition-skew", "ByAction"), nullptr);
}

TEST(LintIndexTest, ChecksDatesInAGsiSortKey) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "EVT#06/23/2026");
  AddItem(table, 2, "LOGIN", "EVT#12/01/2025");
  const LintReport report = LintTableDesign(table);
  EXPECT_THAT(RulesOn(report, "GSI1"), ElementsAre("error date-format"));
}

// Multi-attribute GSI keys: each sort key attribute orders items only
// among equal earlier ones, so it is judged within (partition key, earlier
// sort key attributes).
LintTable MultiAttributeTable() {
  LintTable table{
      .name = "Games",
      .key_schema = {.partition_key = {"id", KeyType::kS}},
      .indexes = {LintIndex{
          .name = "ByTournament",
          .partition_keys = {{"tournament", KeyType::kS},
                             {"region", KeyType::kS}},
          .sort_keys = {{"round", KeyType::kS}, {"score", KeyType::kS}}}}};
  struct Row {
    const char* id;
    const char* round;
    const char* score;
  };
  for (const Row& row : {Row{"g1", "R1", "9"}, Row{"g2", "R1", "1500"},
                         Row{"g3", "R2", "0010"}, Row{"g4", "R2", "0200"}}) {
    table.items.push_back(
        LintItem{.item = {{"id", AttributeValue::S(row.id)},
                          {"tournament", AttributeValue::S("WINTER")},
                          {"region", AttributeValue::S("EU")},
                          {"round", AttributeValue::S(row.round)},
                          {"score", AttributeValue::S(row.score)}}});
  }
  return table;
}

TEST(LintIndexTest, JudgesEachAttributeOfAMultiAttributeSortKey) {
  const LintReport report = LintTableDesign(MultiAttributeTable());
  EXPECT_THAT(RulesOn(report, "ByTournament"),
              ElementsAre("error numeric-sort-order"));
  const LintFinding* f = FindOn(report, "numeric-sort-order", "ByTournament");
  ASSERT_NE(f, nullptr);
  // Round R1 holds 9 and 1500 unpadded; round R2 is padded and clean.
  EXPECT_THAT(f->collections, ElementsAre("WINTER | EU | R1"));
  EXPECT_THAT(f->message, HasSubstr("score"));
  const LintFinding* skew = FindOn(report, "partition-skew", "ByTournament");
  ASSERT_NE(skew, nullptr);
  EXPECT_THAT(skew->collections, ElementsAre("WINTER | EU"));
}

TEST(LintIndexReportTest, TextNamesTheIndexes) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "SCORE#9");
  AddItem(table, 2, "LOGIN", "SCORE#1500");
  const std::string text = FormatLintText({LintTableDesign(table)});
  EXPECT_THAT(text, HasSubstr("Audit (partition key PK, sort key SK; GSI "
                              "GSI1: GSI1PK, GSI1SK): 2 items\n"));
  EXPECT_THAT(text, HasSubstr("  error numeric-sort-order [GSI1]: "));
  EXPECT_THAT(text, HasSubstr("  info partition-skew [GSI1]: "));
  // The table's own findings carry no index.
  EXPECT_THAT(text, HasSubstr("  info partition-skew: "));
}

TEST(LintIndexReportTest, JsonNamesTheIndexes) {
  LintTable table = AuditTable();
  AddItem(table, 1, "LOGIN", "SCORE#9");
  AddItem(table, 2, "LOGIN", "SCORE#1500");
  const std::string json = FormatLintJson({LintTableDesign(table)});
  EXPECT_THAT(json, HasSubstr(R"("indexes":[{"index":"GSI1","type":"GSI",)"
                              R"("partitionKeys":["GSI1PK"],)"
                              R"("sortKeys":["GSI1SK"]}])"));
  EXPECT_THAT(json, HasSubstr(R"("rule":"numeric-sort-order","index":"GSI1")"));
}

TEST(LintIndexReportTest, TablesWithoutIndexesPrintAsBefore) {
  const std::string json =
      FormatLintJson({LintTableDesign(TableOf({{"S1", {"9#a", "1500#b"}}}))});
  EXPECT_THAT(json, Not(HasSubstr("\"index")));
  const std::string text =
      FormatLintText({LintTableDesign(TableOf({{"S1", {"9#a", "1500#b"}}}))});
  EXPECT_THAT(text, HasSubstr("T (partition key pk, sort key sk): 2 items\n"));
}

TEST(ParseIndexFlagTest, GsiKeys) {
  absl::StatusOr<LintIndex> gsi = ParseGsiFlag("GSI1=GSI1PK,GSI1SK");
  ASSERT_THAT(gsi, IsOk());
  EXPECT_EQ(*gsi, Gsi1());
  gsi = ParseGsiFlag("G=a+b:N,c:N+d:B");
  ASSERT_THAT(gsi, IsOk());
  EXPECT_EQ(gsi->name, "G");
  EXPECT_TRUE(gsi->global);
  EXPECT_THAT(gsi->partition_keys, ElementsAre(KeyAttribute{"a", KeyType::kS},
                                               KeyAttribute{"b", KeyType::kN}));
  EXPECT_THAT(gsi->sort_keys, ElementsAre(KeyAttribute{"c", KeyType::kN},
                                          KeyAttribute{"d", KeyType::kB}));
  gsi = ParseGsiFlag("OnlyPk=a");
  ASSERT_THAT(gsi, IsOk());
  EXPECT_THAT(gsi->sort_keys, IsEmpty());
}

TEST(ParseIndexFlagTest, RejectsBadGsiSpecs) {
  for (absl::string_view bad : {"GSI1", "=a,b", "GSI1=", "G=a,b,c", "G=a:X",
                                "G=a+,b", "G=a+b+c+d+e,f"}) {
    EXPECT_THAT(ParseGsiFlag(bad), StatusIs(absl::StatusCode::kInvalidArgument))
        << bad;
  }
}

TEST(ParseIndexFlagTest, LsiKeysTakeTheTablesPartitionKey) {
  const KeySchema schema{.partition_key = {"pk", KeyType::kS},
                         .sort_key = KeyAttribute{"sk", KeyType::kS}};
  absl::StatusOr<LintIndex> lsi = ParseLsiFlag("ByTime=ts:N", schema);
  ASSERT_THAT(lsi, IsOk());
  EXPECT_FALSE(lsi->global);
  EXPECT_THAT(lsi->partition_keys,
              ElementsAre(KeyAttribute{"pk", KeyType::kS}));
  EXPECT_THAT(lsi->sort_keys, ElementsAre(KeyAttribute{"ts", KeyType::kN}));
  EXPECT_THAT(ParseLsiFlag("ByTime", schema),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseLsiFlag("ByTime=a,b", schema),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

struct LintRun {
  int exit = -1;
  std::string out, err;
};

LintRun Lint(const std::vector<std::string>& args, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, err;
  LintRun run;
  run.exit = RunLintCommand(args, in, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

// A padded table key; a raw-number GSI sort key and LSI sort key.
constexpr char kItems[] =
    R"({"Item":{"b":{"S":"S1"},"r":{"S":"01"},"g":{"S":"G"},)"
    R"("gs":{"S":"9"},"l":{"S":"9"}}})"
    "\n"
    R"({"Item":{"b":{"S":"S1"},"r":{"S":"02"},"g":{"S":"G"},)"
    R"("gs":{"S":"1500"},"l":{"S":"1500"}}})"
    "\n";

TEST(LintIndexCommandTest, LintsTheIndexesOfAFile) {
  LintRun clean = Lint({"--table", "T", "--pk", "b", "--sk", "r", "-"}, kItems);
  EXPECT_EQ(clean.exit, 0) << clean.out << clean.err;

  LintRun gsi =
      Lint({"--table", "T", "--pk", "b", "--sk", "r", "--gsi", "G1=g,gs", "-"},
           kItems);
  EXPECT_EQ(gsi.exit, 1) << gsi.err;
  EXPECT_THAT(gsi.out, HasSubstr("error numeric-sort-order [G1]"));

  LintRun lsi = Lint({"--table", "T", "--pk", "b", "--sk", "r",
                      "--lsi-index=L1=l", "--json", "-"},
                     kItems);
  EXPECT_EQ(lsi.exit, 1) << lsi.err;
  EXPECT_THAT(lsi.out, HasSubstr(R"("index":"L1","type":"LSI")"));
  EXPECT_THAT(lsi.out,
              HasSubstr(R"("rule":"numeric-sort-order","index":"L1")"));
}

TEST(LintIndexCommandTest, BadIndexFlagsExitTwo) {
  const std::vector<std::vector<std::string>> cases = {
      {"--table", "T", "--pk", "b", "--sk", "r", "--gsi", "nokeys", "-"},
      {"--table", "T", "--pk", "b", "--sk", "r", "--gsi", "-"},
      {"--table", "T", "--pk", "b", "--lsi-index", "L=l", "-"},
      {"--table", "T", "--pk", "b", "--sk", "r", "--gsi", "X=g", "--gsi", "X=h",
       "-"},
      {"--exec", "-", "--gsi", "G=g"},
      {"--endpoint", "http://127.0.0.1:1", "--lsi-index", "L=l"},
  };
  for (const std::vector<std::string>& args : cases) {
    LintRun run = Lint(args, kItems);
    EXPECT_EQ(run.exit, 2) << args[args.size() - 2];
    EXPECT_THAT(run.err, HasSubstr("dynamite lint: "));
  }
}

TEST(DecodeDescribedIndexesTest, ReadsBothKindsWithTheirTypes) {
  constexpr char kBody[] = R"({"Table": {
    "TableName": "T",
    "AttributeDefinitions": [
      {"AttributeName": "pk", "AttributeType": "S"},
      {"AttributeName": "sk", "AttributeType": "S"},
      {"AttributeName": "ts", "AttributeType": "N"},
      {"AttributeName": "g", "AttributeType": "B"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}],
    "GlobalSecondaryIndexes": [{"IndexName": "G",
      "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"}, "IndexStatus": "ACTIVE"}],
    "LocalSecondaryIndexes": [{"IndexName": "L",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "ts", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}]}})";
  absl::StatusOr<std::vector<LintIndex>> indexes =
      DecodeDescribedIndexes(kBody);
  ASSERT_THAT(indexes, IsOk());
  ASSERT_THAT(*indexes, SizeIs(2));
  EXPECT_EQ((*indexes)[0], (LintIndex{.name = "L",
                                      .global = false,
                                      .partition_keys = {{"pk", KeyType::kS}},
                                      .sort_keys = {{"ts", KeyType::kN}}}));
  EXPECT_EQ((*indexes)[1], (LintIndex{.name = "G",
                                      .global = true,
                                      .partition_keys = {{"g", KeyType::kB}}}));
}

TEST(DecodeDescribedIndexesTest, NoIndexesAndMalformedAnswers) {
  absl::StatusOr<std::vector<LintIndex>> none =
      DecodeDescribedIndexes(R"({"Table": {"TableName": "T"}})");
  ASSERT_THAT(none, IsOk());
  EXPECT_THAT(*none, IsEmpty());
  for (absl::string_view bad :
       {"not json", R"({"Nope": {}})",
        R"({"Table": {"GlobalSecondaryIndexes": {}}})",
        R"({"Table": {"GlobalSecondaryIndexes": [{"IndexName": "G"}]}})",
        R"({"Table": {"GlobalSecondaryIndexes": [{"IndexName": "G",
             "KeySchema": [{"AttributeName": "g", "KeyType": "RANGE"}]}]}})"}) {
    EXPECT_THAT(DecodeDescribedIndexes(bad),
                StatusIs(absl::StatusCode::kInternal))
        << bad;
  }
}

}  // namespace
}  // namespace dynamite
