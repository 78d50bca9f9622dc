// `dynamite lint --exec` and `--endpoint` read each table's secondary
// indexes from DescribeTable, and lint their keys: a table with a GSI and
// an LSI created by an exec script, and the same served over HTTP.

#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "keydesign/lint.h"
#include "keydesign/lint_endpoint_reader.h"
#include "keydesign/lint_exec_reader.h"
#include "server/http_server.h"
#include "tests/support/status_matchers.h"
#include "wire/dispatch.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// Events keyed (PK, SK), with GSI1 on (GSI1PK, GSI1SK: a raw number) and
// LSI ByTs on (PK, ts: N).
constexpr char kCreate[] = R"({"TableName": "Events",
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                {"AttributeName": "SK", "KeyType": "RANGE"}],
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                           {"AttributeName": "SK", "AttributeType": "S"},
                           {"AttributeName": "GSI1PK", "AttributeType": "S"},
                           {"AttributeName": "GSI1SK", "AttributeType": "S"},
                           {"AttributeName": "ts", "AttributeType": "N"}],
  "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
    "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                  {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "ALL"}}],
  "LocalSecondaryIndexes": [{"IndexName": "ByTs",
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                  {"AttributeName": "ts", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "KEYS_ONLY"}}],
  "BillingMode": "PAY_PER_REQUEST"})";

std::string PutBody(int n, absl::string_view gsi_sk) {
  return absl::StrCat(
      R"({"TableName": "Events", "Item": {"PK": {"S": "A#1"}, "SK": {"S": "E#)",
      100 + n, R"("}, "ts": {"N": ")", 1000 + n,
      R"("}, "GSI1PK": {"S": "LOGIN"}, "GSI1SK": {"S": ")", gsi_sk, R"("}}})");
}

const std::vector<std::string>& GsiSortKeys() {
  static const auto* keys = new std::vector<std::string>{"9", "1500", "20"};
  return *keys;
}

void ExpectIndexes(const LintTable& table) {
  ASSERT_THAT(table.indexes, SizeIs(2));
  EXPECT_EQ(table.indexes[0],
            (LintIndex{.name = "ByTs",
                       .global = false,
                       .partition_keys = {{"PK", KeyType::kS}},
                       .sort_keys = {{"ts", KeyType::kN}}}));
  EXPECT_EQ(table.indexes[1],
            (LintIndex{.name = "GSI1",
                       .global = true,
                       .partition_keys = {{"GSI1PK", KeyType::kS}},
                       .sort_keys = {{"GSI1SK", KeyType::kS}}}));
  EXPECT_TRUE(table.has_local_secondary_index);
}

// The index the report's errors and warnings are about, with their rule.
std::vector<std::string> Problems(const LintReport& report) {
  std::vector<std::string> problems;
  for (const LintFinding& f : report.findings) {
    if (f.severity == LintSeverity::kInfo) continue;
    problems.push_back(absl::StrCat(f.index, " ", f.rule));
  }
  return problems;
}

TEST(LintIndexExecTest, ReadsAndLintsTheIndexesOfAScriptsTables) {
  std::string script = absl::StrCat("CreateTable ", kCreate, "\n");
  for (size_t i = 0; i < GsiSortKeys().size(); ++i) {
    absl::StrAppend(&script, "PutItem ",
                    PutBody(static_cast<int>(i), GsiSortKeys()[i]), "\n");
  }
  std::istringstream in(script);
  ExecScriptFailures failures;
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintExecScript(in, &failures);
  ASSERT_THAT(tables, IsOk());
  EXPECT_EQ(failures.count, 0) << failures.first;
  ASSERT_THAT(*tables, SizeIs(1));
  ExpectIndexes((*tables)[0]);
  EXPECT_THAT(Problems(LintTableDesign((*tables)[0])),
              ElementsAre("GSI1 numeric-sort-order"));
}

TEST(LintIndexExecTest, TablesWithoutIndexesHaveNone) {
  std::istringstream in(R"(CreateTable {"TableName": "Plain",
  "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
  "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
  "BillingMode": "PAY_PER_REQUEST"}
)");
  ExecScriptFailures failures;
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintExecScript(in, &failures);
  ASSERT_THAT(tables, IsOk());
  ASSERT_THAT(*tables, SizeIs(1)) << failures.first;
  EXPECT_THAT((*tables)[0].indexes, IsEmpty());
  EXPECT_FALSE((*tables)[0].has_local_secondary_index);
}

class LintIndexEndpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Create(
        db_, HttpServerOptions{.host = "127.0.0.1", .port = 0, .threads = 1});
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = std::move(*server);
    runner_ = std::thread([this] { server_->Run(); });
    url_ = absl::StrCat("http://127.0.0.1:", server_->port());
  }

  void TearDown() override {
    if (server_ != nullptr) server_->Stop();
    if (runner_.joinable()) runner_.join();
  }

  void Request(absl::string_view operation, const std::string& body) {
    WireResponse response = Dispatch(db_, operation, body);
    ASSERT_EQ(response.http_status, 200) << response.body;
  }

  Database db_;
  std::unique_ptr<HttpServer> server_;
  std::thread runner_;
  std::string url_;
};

TEST_F(LintIndexEndpointTest, ReadsAndLintsTheIndexesOverHttp) {
  Request("CreateTable", kCreate);
  for (size_t i = 0; i < GsiSortKeys().size(); ++i) {
    Request("PutItem", PutBody(static_cast<int>(i), GsiSortKeys()[i]));
  }
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintEndpoint(url_, std::string("Events"));
  ASSERT_THAT(tables, IsOk());
  ASSERT_THAT(*tables, SizeIs(1));
  ExpectIndexes((*tables)[0]);
  EXPECT_THAT(Problems(LintTableDesign((*tables)[0])),
              ElementsAre("GSI1 numeric-sort-order"));
}

}  // namespace
}  // namespace dynamite
