// The readers of `dynamite lint`: S3-export lines (wire/export_json.h and
// keydesign/lint_file_reader.h) and `dynamite exec` scripts.

#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "keydesign/lint_exec_reader.h"
#include "keydesign/lint_file_reader.h"
#include "tests/support/status_matchers.h"
#include "wire/export_json.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::SizeIs;

constexpr absl::string_view k40Digits =
    "1234567890123456789012345678901234567890";

TEST(DecodeExportLineTest, ReadsTheS3ExportShapeAndBareItems) {
  for (absl::string_view line :
       {R"({"Item":{"pk":{"S":"a"},"n":{"N":"1.50"}}})",
        R"({"pk":{"S":"a"},"n":{"N":"1.50"}})"}) {
    absl::StatusOr<ExportedItem> item = DecodeExportLine(line);
    ASSERT_THAT(item, IsOk());
    EXPECT_EQ(item->item.at("pk").s(), "a");
    EXPECT_EQ(item->item.at("n").n().ToString(), "1.5");
    EXPECT_TRUE(item->imprecise_numbers.empty());
  }
}

TEST(DecodeExportLineTest, KeepsNumbersPast38DigitsTruncated) {
  absl::StatusOr<ExportedItem> item = DecodeExportLine(absl::StrCat(
      R"({"Item":{"pk":{"S":"a"},"big":{"N":")", k40Digits,
      R"("},"m":{"M":{"l":{"L":[{"NS":["1","0.)", k40Digits, R"("]}]}}}}})"));
  ASSERT_THAT(item, IsOk());
  ASSERT_THAT(item->imprecise_numbers, SizeIs(2));
  EXPECT_EQ(item->imprecise_numbers[0].attribute_path, "big");
  EXPECT_EQ(item->imprecise_numbers[0].text, k40Digits);
  EXPECT_EQ(item->imprecise_numbers[1].attribute_path, "m.l[0]");
  // The first 38 digits, magnitude kept.
  EXPECT_EQ(item->item.at("big").n().ToString(),
            "1234567890123456789012345678901234567800");
}

TEST(DecodeExportLineTest, RejectsWhatDynamoDbRejects) {
  EXPECT_THAT(DecodeExportLine("not json"), Not(IsOk()));
  EXPECT_THAT(DecodeExportLine(R"({"Item":[]})"), Not(IsOk()));
  EXPECT_THAT(DecodeExportLine(R"({"Item":{"a":{"N":"abc"}}})"), Not(IsOk()));
  EXPECT_THAT(DecodeExportLine(R"({"Item":{"a":{"SS":[]}}})"), Not(IsOk()));
}

LintFileOptions Options() {
  return LintFileOptions{
      .table = "T",
      .key_schema = {.partition_key = {"pk", KeyType::kS},
                     .sort_key = KeyAttribute{"sk", KeyType::kS}}};
}

TEST(ReadLintFileTest, ReadsLinesSkippingBlankOnes) {
  std::istringstream in(R"({"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})"
                        "\n\n"
                        R"({"Item":{"pk":{"S":"a"},"sk":{"S":"2"},"x":{"N":")" +
                        std::string(k40Digits) + "\"}}}\n");
  absl::StatusOr<LintTable> table = ReadLintFile(in, Options());
  ASSERT_THAT(table, IsOk());
  EXPECT_EQ(table->name, "T");
  ASSERT_THAT(table->items, SizeIs(2));
  EXPECT_THAT(table->items[1].imprecise_numbers, SizeIs(1));
}

TEST(ReadLintFileTest, NamesTheBadLine) {
  std::istringstream in(R"({"Item":{"pk":{"S":"a"}}})"
                        "\n{oops\n");
  EXPECT_THAT(ReadLintFile(in, Options()).status().message(),
              HasSubstr("line 2"));
}

TEST(ParseKeyAttributeFlagTest, NamesAndTypes) {
  EXPECT_EQ(ParseKeyAttributeFlag("pk")->type, KeyType::kS);
  EXPECT_EQ(ParseKeyAttributeFlag("score:N")->type, KeyType::kN);
  EXPECT_EQ(ParseKeyAttributeFlag("score:N")->name, "score");
  EXPECT_EQ(ParseKeyAttributeFlag("blob:B")->type, KeyType::kB);
  EXPECT_THAT(ParseKeyAttributeFlag("x:Q"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseKeyAttributeFlag(":S"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ReadLintExecScriptTest, ReadsEveryTableTheScriptLeaves) {
  std::istringstream script(R"(CreateTable {"TableName": "Alpha",
  "KeySchema": [{"AttributeName": "p", "KeyType": "HASH"},
                {"AttributeName": "s", "KeyType": "RANGE"}],
  "AttributeDefinitions": [{"AttributeName": "p", "AttributeType": "S"},
                           {"AttributeName": "s", "AttributeType": "N"}],
  "BillingMode": "PAY_PER_REQUEST"}
CreateTable {"TableName": "Beta",
  "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
  "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
  "BillingMode": "PAY_PER_REQUEST"}
PutItem {"TableName": "Alpha", "Item": {"p": {"S": "x"}, "s": {"N": "1"}}}
PutItem {"TableName": "Alpha", "Item": {"p": {"S": "x"}, "s": {"N": "2"}}}
PutItem {"TableName": "Alpha", "Item": {"p": {"S": "x"}}}
PutItem {"TableName": "Beta", "Item": {"id": {"S": "only"}}}
)");
  ExecScriptFailures failures;
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintExecScript(script, &failures);
  ASSERT_THAT(tables, IsOk());
  ASSERT_THAT(*tables, SizeIs(2));
  EXPECT_EQ(failures.count, 1);
  EXPECT_THAT(failures.first, HasSubstr("ValidationException"));
  const LintTable& a = (*tables)[0];
  EXPECT_EQ(a.name, "Alpha");
  EXPECT_EQ(a.key_schema.partition_key.name, "p");
  ASSERT_TRUE(a.key_schema.has_sort_key());
  EXPECT_EQ(a.key_schema.sort_key->type, KeyType::kN);
  EXPECT_THAT(a.items, SizeIs(2));  // the keyless PutItem failed
  EXPECT_EQ((*tables)[1].name, "Beta");
  EXPECT_FALSE((*tables)[1].key_schema.has_sort_key());
  EXPECT_THAT((*tables)[1].items, SizeIs(1));
}

TEST(ReadLintDatabaseTest, PagesThroughLargeTables) {
  // Items of ~10 KB: a 1 MB Scan page holds about 100 of them.
  std::ostringstream script;
  script
      << R"(CreateTable {"TableName": "Big", "KeySchema": [{"AttributeName": "p", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "p", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"})"
      << "\n";
  const std::string filler(10000, 'x');
  for (int i = 0; i < 250; ++i) {
    script << R"(PutItem {"TableName": "Big", "Item": {"p": {"S": "k)" << i
           << R"("}, "f": {"S": ")" << filler << R"("}}})"
           << "\n";
  }
  std::istringstream in(script.str());
  absl::StatusOr<std::vector<LintTable>> tables = ReadLintExecScript(in);
  ASSERT_THAT(tables, IsOk());
  ASSERT_THAT(*tables, SizeIs(1));
  EXPECT_THAT((*tables)[0].items, SizeIs(250));
}

}  // namespace
}  // namespace dynamite
