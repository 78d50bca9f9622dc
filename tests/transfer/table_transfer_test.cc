// ExportTable and ImportTable (transfer/): the layout and manifests of
// DynamoDB's export to S3, a byte-identical round trip of every attribute
// type, and ImportTable's rules for what it refuses and what it skips.

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "common/zlib_codec.h"
#include "durability/file_system.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"
#include "transfer/md5_digest.h"
#include "transfer/table_export.h"
#include "transfer/table_import.h"
#include "transfer/transfer_command.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::S;
using ::dynamite::testing::TableRequest;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::SizeIs;
using ::testing::StartsWith;

namespace fs = std::filesystem;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::vector<std::string> Sorted(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// One item with every attribute type, nested, and another with the keys
// alone.
constexpr absl::string_view kEveryType = R"({
  "pk": {"S": "a"}, "sk": {"N": "1"}, "s": {"S": "h\u00e9llo \"q\""},
  "n": {"N": "-12.500"}, "b": {"B": "AAEC/w=="}, "t": {"BOOL": true},
  "f": {"BOOL": false}, "z": {"NULL": true},
  "l": {"L": [{"S": "x"}, {"N": "2"}, {"L": []}, {"M": {}}]},
  "m": {"M": {"k": {"SS": ["z", "a"]}, "deep": {"M": {"n": {"N": "1e3"}}}}},
  "ss": {"SS": ["b", "a"]}, "ns": {"NS": ["10", "2.5", "-1"]},
  "bs": {"BS": ["AQ==", "Ag=="]}})";

class TableTransferTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = "/tmp/dynamite-transfer-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    ASSERT_THAT(db_.CreateTable(Things("things")), IsOk());
    absl::StatusOr<AttributeMap> every = AttributeMapFromJson(kEveryType);
    ASSERT_THAT(every, IsOk());
    ASSERT_THAT(db_.PutItem({.table_name = "things", .item = *every}), IsOk());
    for (int i = 2; i <= 5; ++i) Put(db_, "things", "b", i);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static CreateTableRequest Things(const std::string& name) {
    return TableRequest(name, KeyType::kS, KeyType::kN);
  }
  static void Put(Database& db, const std::string& table, const std::string& pk,
                  int sk) {
    ASSERT_THAT(db.PutItem({.table_name = table,
                            .item = {{"pk", S(pk)},
                                     {"sk", testing::N(std::to_string(sk))}}}),
                IsOk());
  }
  absl::StatusOr<ExportTableResult> Export(Database& db,
                                           const std::string& table,
                                           const std::string& to,
                                           int64_t items_per_file = 100) {
    return ExportTable(db, {.table_name = table,
                            .folder = absl::StrCat(dir_, "/", to),
                            .items_per_file = items_per_file});
  }
  absl::StatusOr<ImportTableResult> Import(Database& db,
                                           const std::string& source,
                                           const std::string& table = "copy") {
    return ImportTable(db, {.source = source, .table = Things(table)});
  }
  // Every data line of the export in `folder`, in file order.
  static std::string DataLines(const std::string& folder) {
    std::string lines;
    for (const std::string& name : Sorted(folder + "/data")) {
      absl::StatusOr<std::string> text =
          Inflate(ZlibFormat::kGzip, "file", ReadAll(folder + "/data/" + name),
                  1 << 30);
      EXPECT_THAT(text, IsOk());
      lines += text.value_or("");
    }
    return lines;
  }

  std::string dir_;
  Database db_;
};

TEST_F(TableTransferTest, AnExportHasDynamoDBsLayoutAndManifests) {
  absl::StatusOr<ExportTableResult> exported =
      Export(db_, "things", "bucket", /*items_per_file=*/2);
  ASSERT_THAT(exported, IsOk());
  EXPECT_EQ(exported->item_count, 5);
  EXPECT_EQ(exported->file_count, 3);
  EXPECT_THAT(exported->export_folder,
              MatchesRegex(".*/bucket/AWSDynamoDB/[0-9]{14}-[0-9a-f]{8}"));
  EXPECT_THAT(exported->export_arn,
              MatchesRegex("arn:aws:dynamodb:ddblocal:000000000000:table/"
                           "things/export/[0-9]{14}-[0-9a-f]{8}"));
  const std::string& folder = exported->export_folder;
  EXPECT_THAT(Sorted(folder),
              ElementsAre("_started", "data", "manifest-files.json",
                          "manifest-files.md5", "manifest-summary.json",
                          "manifest-summary.md5"));
  EXPECT_EQ(ReadAll(folder + "/_started"), "");
  const std::string summary = ReadAll(folder + "/manifest-summary.json");
  const std::string files = ReadAll(folder + "/manifest-files.json");
  EXPECT_EQ(ReadAll(folder + "/manifest-summary.md5"), Md5Base64(summary));
  EXPECT_EQ(ReadAll(folder + "/manifest-files.md5"), Md5Base64(files));
  EXPECT_THAT(summary, StartsWith(absl::StrCat(
                           R"({"version":"2020-06-30","exportArn":")",
                           exported->export_arn, R"(","startTime":")")));
  EXPECT_THAT(summary, HasSubstr(R"("s3Bucket":"dynamite-export","s3Prefix":)"
                                 R"(null,"s3SseAlgorithm":"AES256",)"
                                 R"("s3SseKmsKeyId":null,)"));
  EXPECT_THAT(summary, HasSubstr(R"("itemCount":5,"outputFormat":)"
                                 R"("DYNAMODB_JSON"})"));

  // One line per data file, each checked against the file it names.
  const std::vector<std::string> lines =
      absl::StrSplit(files, '\n', absl::SkipEmpty());
  ASSERT_THAT(lines, SizeIs(3));
  EXPECT_EQ(files.back(), '\n');
  std::vector<std::string> data = Sorted(folder + "/data");
  ASSERT_THAT(data, SizeIs(3));
  for (const std::string& name : data) {
    EXPECT_THAT(name, MatchesRegex("[a-z2-7]{26}\\.json\\.gz"));
    const std::string bytes = ReadAll(folder + "/data/" + name);
    EXPECT_EQ(name, Md5Base32(bytes) + ".json.gz");
    const std::string key = absl::StrCat(
        folder.substr(folder.find("AWSDynamoDB/")), "/data/", name);
    EXPECT_THAT(
        files, HasSubstr(absl::StrCat(R"("md5Checksum":")", Md5Base64(bytes),
                                      R"(","etag":")", MultipartEtag(bytes),
                                      R"(","dataFileS3Key":")", key, R"("})")));
  }
  // Each line is {"Item":...}, numbers as strings, binary as base64.
  const std::string items = DataLines(folder);
  EXPECT_THAT(items, HasSubstr(R"({"Item":{"pk":{"S":"b"},"sk":{"N":"2"}}})"
                               "\n"));
  EXPECT_THAT(items, HasSubstr(R"("b":{"B":"AAEC/w=="})"));
  EXPECT_THAT(items, HasSubstr(R"("n":{"N":"-12.5"})"));
}

TEST_F(TableTransferTest, ARoundTripOfEveryTypeIsByteIdentical) {
  absl::StatusOr<ExportTableResult> first = Export(db_, "things", "one");
  ASSERT_THAT(first, IsOk());
  absl::StatusOr<ImportTableResult> imported =
      Import(db_, first->export_folder);
  ASSERT_THAT(imported, IsOk());
  EXPECT_EQ(imported->import_status, "COMPLETED");
  EXPECT_EQ(imported->processed_item_count, 5);
  EXPECT_EQ(imported->imported_item_count, 5);
  EXPECT_EQ(imported->error_count, 0);
  EXPECT_EQ(imported->failure_code, std::nullopt);

  absl::StatusOr<ExportTableResult> second = Export(db_, "copy", "two");
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(DataLines(second->export_folder), DataLines(first->export_folder));
  // The same items make the same files, names included.
  EXPECT_EQ(Sorted(second->export_folder + "/data"),
            Sorted(first->export_folder + "/data"));
  auto got = db_.GetItem(
      {.table_name = "copy", .key = {{"pk", S("a")}, {"sk", testing::N("1")}}});
  ASSERT_THAT(got, IsOk());
  ASSERT_NE(got->item, nullptr);
  EXPECT_EQ(got->item->at("b").b(), std::string("\x00\x01\x02\xff", 4));
}

TEST_F(TableTransferTest, AnEmptyTableHasOneEmptyFile) {
  ASSERT_THAT(db_.CreateTable(Things("empty")), IsOk());
  absl::StatusOr<ExportTableResult> exported = Export(db_, "empty", "bucket");
  ASSERT_THAT(exported, IsOk());
  EXPECT_EQ(exported->item_count, 0);
  ASSERT_EQ(exported->file_count, 1);
  EXPECT_EQ(DataLines(exported->export_folder), "");
  absl::StatusOr<ImportTableResult> imported =
      Import(db_, exported->export_folder);
  ASSERT_THAT(imported, IsOk());
  EXPECT_EQ(imported->import_status, "COMPLETED");
  EXPECT_EQ(imported->imported_item_count, 0);
}

TEST_F(TableTransferTest, ExportErrors) {
  EXPECT_THAT(Export(db_, "missing", "bucket"),
              IsError(ErrorKind::kResourceNotFound,
                      "Requested resource not found: Table: missing not "
                      "found"));
  EXPECT_THAT(Export(db_, "things", "bucket", 0),
              IsError(ErrorKind::kValidation,
                      "ExportTable: items_per_file must be at least 1"));
}

TEST_F(TableTransferTest, ImportReadsAFolderAboveTheExportAndPlainFiles) {
  ASSERT_THAT(Export(db_, "things", "bucket"), IsOk());
  absl::StatusOr<ImportTableResult> from_bucket =
      Import(db_, dir_ + "/bucket", "fromBucket");
  ASSERT_THAT(from_bucket, IsOk());
  EXPECT_EQ(from_bucket->imported_item_count, 5);
  // A second export under the same folder: which one is meant?
  ASSERT_THAT(Export(db_, "things", "bucket"), IsOk());
  EXPECT_THAT(Import(db_, dir_ + "/bucket", "ambiguous"),
              IsError(ErrorKind::kValidation,
                      absl::StrCat(dir_,
                                   "/bucket/AWSDynamoDB holds 2 complete "
                                   "exports; name the one to import (its "
                                   "folder)")));

  // Uncompressed lines, a blank line and CRLF; files read by name.
  fs::create_directories(dir_ + "/plain");
  WriteAll(dir_ + "/plain/1.json",
           "{\"Item\":{\"pk\":{\"S\":\"p\"},\"sk\":{\"N\":\"1\"}}}\r\n\n");
  WriteAll(dir_ + "/plain/2.json.gz",
           GzipCompress("{\"Item\":{\"pk\":{\"S\":\"p\"},\"sk\":{\"N\":\"1\"},"
                        "\"v\":{\"S\":\"last\"}}}\n"));
  absl::StatusOr<ImportTableResult> plain =
      Import(db_, dir_ + "/plain", "plain");
  ASSERT_THAT(plain, IsOk());
  EXPECT_EQ(plain->processed_item_count, 2);
  EXPECT_EQ(plain->error_count, 0);
  // The same key twice: the last one read stays.
  auto got = db_.GetItem({.table_name = "plain",
                          .key = {{"pk", S("p")}, {"sk", testing::N("1")}}});
  ASSERT_THAT(got, IsOk());
  ASSERT_NE(got->item, nullptr);
  EXPECT_EQ(got->item->at("v").s(), "last");
  // One file alone.
  absl::StatusOr<ImportTableResult> one =
      Import(db_, dir_ + "/plain/1.json", "one");
  ASSERT_THAT(one, IsOk());
  EXPECT_EQ(one->imported_item_count, 1);
}

TEST_F(TableTransferTest, ItemsDynamoDBRefusesAreSkippedAndCounted) {
  const std::string file = dir_ + "/items.json";
  WriteAll(file,
           "{\"Item\":{\"pk\":{\"S\":\"ok\"},\"sk\":{\"N\":\"1\"}}}\n"
           "{\"Item\":{\"pk\":{\"S\":\"nosk\"}}}\n"
           "{\"Item\":{\"pk\":{\"N\":\"5\"},\"sk\":{\"N\":\"1\"}}}\n"
           "{\"Item\":{\"pk\":{\"S\":\"x\"},\"sk\":{\"N\":\"1\"},"
           "\"e\":{\"SS\":[]}}}\n"
           "{\"Item\":{\"pk\":{\"S\":\"big\"},\"sk\":{\"N\":"
           "\"123456789012345678901234567890123456789\"}}}\n");
  absl::StatusOr<ImportTableResult> imported = Import(db_, file);
  ASSERT_THAT(imported, IsOk());
  EXPECT_EQ(imported->import_status, "FAILED");
  EXPECT_EQ(imported->failure_code, "ItemValidationError");
  EXPECT_EQ(imported->failure_message,
            "Some of the items failed validation checks and were not "
            "imported. Please check CloudWatch error logs for more details.");
  EXPECT_EQ(imported->processed_item_count, 5);
  EXPECT_EQ(imported->imported_item_count, 1);
  EXPECT_EQ(imported->error_count, 4);
  EXPECT_THAT(imported->errors,
              ::testing::UnorderedElementsAre(
                  file + ":2: One or more parameter values were invalid: "
                         "Missing the key sk in the item",
                  file + ":3: One or more parameter values were invalid: "
                         "Type mismatch for key pk expected: S actual: N",
                  StartsWith(file + ":4: "),
                  file + ":5: Attempting to store more than 38 significant "
                         "digits in a Number"));
  // The table keeps the good item.
  auto described = db_.DescribeTable({.table_name = "copy"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.item_count, 1);
}

TEST_F(TableTransferTest, AFileThatCannotBeReadImportsNothing) {
  const std::string bad_json = dir_ + "/bad.json";
  WriteAll(bad_json,
           "{\"Item\":{\"pk\":{\"S\":\"ok\"},\"sk\":{\"N\":\"1\"}}}\n"
           "{\"Item\":{\"pk\":\n");
  absl::StatusOr<ImportTableResult> refused = Import(db_, bad_json);
  EXPECT_THAT(refused,
              ::dynamite::testing::ErrorKindIs(ErrorKind::kValidation));
  EXPECT_THAT(std::string(refused.status().message()),
              StartsWith(bad_json + ":2: "));
  const std::string zstd = dir_ + "/data.zst";
  WriteAll(zstd, std::string("\x28\xb5\x2f\xfd\x00", 5));
  EXPECT_THAT(Import(db_, zstd),
              IsError(ErrorKind::kValidation,
                      zstd + ": ZSTD input is not read yet (use GZIP or no "
                             "compression)"));
  const std::string truncated = dir_ + "/cut.json.gz";
  WriteAll(truncated, GzipCompress("{\"Item\":{}}\n").substr(0, 12));
  EXPECT_THAT(Import(db_, truncated),
              ::dynamite::testing::ErrorKindIs(ErrorKind::kValidation));
  EXPECT_THAT(Import(db_, dir_ + "/nothing"),
              IsError(ErrorKind::kValidation,
                      dir_ + "/nothing: no such file or folder"));

  // A data file that is not the one its manifest lists.
  absl::StatusOr<ExportTableResult> exported = Export(db_, "things", "bucket");
  ASSERT_THAT(exported, IsOk());
  const std::string data = exported->export_folder + "/data/" +
                           Sorted(exported->export_folder + "/data").front();
  WriteAll(data, GzipCompress("{\"Item\":{\"pk\":{\"S\":\"evil\"},"
                              "\"sk\":{\"N\":\"1\"}}}\n"));
  absl::StatusOr<ImportTableResult> damaged =
      Import(db_, exported->export_folder);
  EXPECT_THAT(std::string(damaged.status().message()),
              HasSubstr(data + ": its MD5 is not the manifest's md5Checksum"));
  // None of them made the table.
  EXPECT_THAT(db_.DescribeTable({.table_name = "copy"}),
              ::dynamite::testing::ErrorKindIs(ErrorKind::kResourceNotFound));
  // An existing table is CreateTable's error.
  ASSERT_THAT(Export(db_, "things", "other"), IsOk());
  EXPECT_THAT(
      Import(db_, dir_ + "/other", "things"),
      IsError(ErrorKind::kResourceInUse, "Table already exists: things"));
}

TEST_F(TableTransferTest, TheCommandsExportAndImportThroughADirectory) {
  const std::string script = dir_ + "/seed.ddb";
  WriteAll(script,
           "CreateTable {\"TableName\": \"seed\", \"BillingMode\": "
           "\"PAY_PER_REQUEST\", \"AttributeDefinitions\": [{\"AttributeName\":"
           " \"id\", \"AttributeType\": \"S\"}], \"KeySchema\": "
           "[{\"AttributeName\": \"id\", \"KeyType\": \"HASH\"}]}\n"
           "PutItem {\"TableName\": \"seed\", \"Item\": {\"id\": {\"S\": "
           "\"one\"}}}\n");
  std::ostringstream out, err;
  EXPECT_EQ(RunExportCommand({"--exec", script, "--table", "seed", "--to",
                              dir_ + "/bucket", "--s3-prefix", "nightly"},
                             out, err),
            0)
      << err.str();
  EXPECT_THAT(out.str(), HasSubstr("dynamite export: 1 item in 1 file to " +
                                   dir_ + "/bucket/nightly/AWSDynamoDB/"));
  out.str("");
  EXPECT_EQ(RunImportCommand({"--db-path", dir_ + "/db", "--table", "copy",
                              "--pk", "id", "--from", dir_ + "/bucket/nightly"},
                             out, err),
            0)
      << err.str();
  EXPECT_EQ(out.str(),
            "dynamite import: COMPLETED: 1 item processed (27 bytes), 1 "
            "imported, 0 errors\n");
  {
    DatabaseOptions options;
    options.durability.directory = dir_ + "/db";
    absl::StatusOr<std::unique_ptr<Database>> db = Database::Open(options);
    ASSERT_THAT(db, IsOk());
    auto got =
        (*db)->GetItem({.table_name = "copy", .key = {{"id", S("one")}}});
    ASSERT_THAT(got, IsOk());
    EXPECT_NE(got->item, nullptr);
  }
  std::ostringstream usage_out, usage_err;
  EXPECT_EQ(RunExportCommand({"--table", "seed"}, usage_out, usage_err), 2);
  EXPECT_THAT(usage_err.str(),
              StartsWith("dynamite export: give one of --db-path and --exec"));
  EXPECT_EQ(RunImportCommand({"--db-path", dir_ + "/db", "--table", "t", "--pk",
                              "id:X", "--from", "f"},
                             usage_out, usage_err),
            2);
  EXPECT_EQ(RunImportCommand({"--bogus", "1"}, usage_out, usage_err), 2);
  EXPECT_THAT(usage_err.str(), HasSubstr("unknown option --bogus"));
}

}  // namespace
}  // namespace dynamite
