// `dynamite lint --endpoint`: the tables of a dynamite serve running in
// this process, read over HTTP (ListTables, DescribeTable, paged Scan).

#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "keydesign/lint.h"
#include "keydesign/lint_endpoint_reader.h"
#include "server/http_server.h"
#include "tests/support/status_matchers.h"
#include "wire/dispatch.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::StatusIs;
using ::testing::HasSubstr;
using ::testing::SizeIs;

class LintEndpointTest : public ::testing::Test {
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

  void CreateTable(absl::string_view name) {
    Request("CreateTable", absl::StrCat(R"({"TableName": ")", name, R"(",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"}],
      "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                               {"AttributeName": "sk", "AttributeType": "S"}],
      "BillingMode": "PAY_PER_REQUEST"})"));
  }

  void Put(absl::string_view table, absl::string_view pk, absl::string_view sk,
           absl::string_view filler = "") {
    Request("PutItem", absl::StrCat(R"({"TableName": ")", table,
                                    R"(", "Item": {"pk": {"S": ")", pk,
                                    R"("}, "sk": {"S": ")", sk,
                                    R"("}, "f": {"S": "x)", filler, R"("}}})"));
  }

  Database db_;
  std::unique_ptr<HttpServer> server_;
  std::thread runner_;
  std::string url_;
};

TEST_F(LintEndpointTest, ReadsEveryTableOverHttp) {
  CreateTable("Raw");
  CreateTable("Padded");
  for (absl::string_view sk : {"9#a", "1500#b", "20#c"}) Put("Raw", "S1", sk);
  for (absl::string_view sk : {"0009#a", "1500#b", "0020#c"}) {
    Put("Padded", "S1", sk);
  }
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintEndpoint(url_, std::nullopt);
  ASSERT_THAT(tables, IsOk());
  ASSERT_THAT(*tables, SizeIs(2));
  EXPECT_EQ((*tables)[0].name, "Padded");
  EXPECT_EQ((*tables)[1].name, "Raw");
  EXPECT_EQ((*tables)[1].key_schema.sort_key->name, "sk");
  EXPECT_THAT((*tables)[1].items, SizeIs(3));
  EXPECT_TRUE(HasLintErrors(LintTableDesign((*tables)[1]).findings));
  EXPECT_FALSE(HasLintErrors(LintTableDesign((*tables)[0]).findings));
}

TEST_F(LintEndpointTest, PagesThroughScansAndReadsOneTable) {
  CreateTable("Big");
  CreateTable("Other");
  const std::string filler(10000, 'y');
  for (int i = 0; i < 250; ++i) {
    Put("Big", absl::StrCat("p", i % 7), absl::StrCat(i), filler);
  }
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintEndpoint(url_, std::string("Big"));
  ASSERT_THAT(tables, IsOk());
  ASSERT_THAT(*tables, SizeIs(1));
  EXPECT_THAT((*tables)[0].items, SizeIs(250));
}

TEST_F(LintEndpointTest, ReportsTheEndpointsError) {
  absl::StatusOr<std::vector<LintTable>> tables =
      ReadLintEndpoint(url_, std::string("Missing"));
  EXPECT_THAT(tables, StatusIs(absl::StatusCode::kUnavailable));
  EXPECT_THAT(tables.status().message(),
              HasSubstr("ResourceNotFoundException"));
}

TEST(LintEndpointUrlTest, RefusesNonLoopbackEndpoints) {
  EXPECT_THAT(ReadLintEndpoint("http://10.0.0.1:8000", std::nullopt),
              StatusIs(absl::StatusCode::kPermissionDenied));
}

}  // namespace
}  // namespace dynamite
