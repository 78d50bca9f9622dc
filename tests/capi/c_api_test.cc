// The C entry point (include/dynamite/c.h), called as a C program would:
// a table created, written and queried through DynamoDB JSON; and every
// bad input (options, null pointers, a closed handle, bad JSON, an unknown
// operation) an error status and body, never a crash. Run under
// AddressSanitizer in build-asan/ as well.

#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "dynamite/c.h"

namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// One call's status and body.
struct Reply {
  int status = 0;
  std::string body;
};

Reply Call(dynamite_db* db, const char* operation, const char* request) {
  char* response = nullptr;
  Reply reply;
  reply.status = dynamite_call(db, operation, request, &response);
  if (response != nullptr) reply.body = response;
  dynamite_free(response);
  return reply;
}

constexpr char kCreate[] =
    R"({"TableName": "scores", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}]})";

TEST(CApiTest, CreatesWritesAndQueries) {
  char* error = nullptr;
  dynamite_db* db = dynamite_open(R"({"region": "eu-west-1"})", &error);
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(error, nullptr);
  Reply created = Call(db, "CreateTable", kCreate);
  EXPECT_EQ(created.status, 200) << created.body;
  EXPECT_THAT(created.body,
              HasSubstr("arn:aws:dynamodb:eu-west-1:000000000000:table/"
                        "scores"));
  for (const char* sk : {"10", "2", "33"}) {
    const std::string put =
        std::string(R"({"TableName": "scores", "Item": {)") +
        R"("pk": {"S": "p"}, "sk": {"N": ")" + sk + R"("}}})";
    EXPECT_EQ(Call(db, "PutItem", put.c_str()).status, 200);
  }
  Reply queried = Call(db, "Query", R"({"TableName": "scores",
      "KeyConditionExpression": "pk = :p",
      "ExpressionAttributeValues": {":p": {"S": "p"}}})");
  EXPECT_EQ(queried.status, 200);
  // Numbers sort numerically: 2, 10, 33.
  EXPECT_THAT(queried.body, HasSubstr(R"("Count":3)"));
  EXPECT_LT(queried.body.find(R"({"N":"2"})"),
            queried.body.find(R"({"N":"10"})"));
  dynamite_close(db);
}

TEST(CApiTest, BadRequestsAreDynamoDbErrors) {
  dynamite_db* db = dynamite_open(nullptr, nullptr);
  ASSERT_NE(db, nullptr);
  Reply bad_json = Call(db, "PutItem", "{not json");
  EXPECT_EQ(bad_json.status, 400);
  EXPECT_THAT(bad_json.body, HasSubstr("SerializationException"));
  Reply unknown = Call(db, "FlyToTheMoon", "{}");
  EXPECT_EQ(unknown.status, 400);
  EXPECT_THAT(unknown.body, HasSubstr("UnknownOperationException"));
  Reply missing = Call(db, "GetItem",
                       R"({"TableName": "nope", "Key": {"pk": {"S": "x"}}})");
  EXPECT_EQ(missing.status, 400);
  EXPECT_THAT(missing.body, HasSubstr("ResourceNotFoundException"));
  dynamite_close(db);
}

TEST(CApiTest, NullArgumentsAndClosedHandlesAreErrors) {
  dynamite_db* db = dynamite_open("", nullptr);
  ASSERT_NE(db, nullptr);
  Reply null_db = Call(nullptr, "ListTables", "{}");
  EXPECT_EQ(null_db.status, 400);
  EXPECT_THAT(null_db.body, HasSubstr("dynamite_call: the database handle "
                                      "is null"));
  EXPECT_THAT(Call(db, nullptr, "{}").body,
              HasSubstr("dynamite_call: the operation is null"));
  EXPECT_THAT(Call(db, "ListTables", nullptr).body,
              HasSubstr("dynamite_call: the request is null"));
  // No response pointer: the status alone.
  EXPECT_EQ(dynamite_call(db, "ListTables", "{}", nullptr), 200);
  dynamite_close(db);
  Reply closed = Call(db, "ListTables", "{}");
  EXPECT_EQ(closed.status, 400);
  EXPECT_THAT(closed.body, HasSubstr("closed or was never opened"));
  dynamite_close(db);       // twice: ignored
  dynamite_close(nullptr);  // ignored
  dynamite_free(nullptr);   // ignored
  int never_opened = 0;
  EXPECT_THAT(
      Call(reinterpret_cast<dynamite_db*>(&never_opened), "ListTables", "{}")
          .body,
      HasSubstr("closed or was never opened"));
}

TEST(CApiTest, BadOptionsFailTheOpenWithAMessage) {
  for (const char* options :
       {"[1]", "{bad", R"({"colour": "red"})", R"({"region": 5})",
        R"({"db_path": "/tmp/x", "sync": "sometimes"})"}) {
    char* error = nullptr;
    EXPECT_EQ(dynamite_open(options, &error), nullptr) << options;
    ASSERT_NE(error, nullptr) << options;
    EXPECT_THAT(error, StartsWith("dynamite_open: ")) << options;
    dynamite_free(error);
  }
  // A directory that cannot be made is the open's error.
  char* error = nullptr;
  EXPECT_EQ(dynamite_open(R"({"db_path": "/proc/no/such/place"})", &error),
            nullptr);
  ASSERT_NE(error, nullptr);
  dynamite_free(error);
}

TEST(CApiTest, ManyThreadsShareAHandle) {
  dynamite_db* db = dynamite_open(nullptr, nullptr);
  ASSERT_NE(db, nullptr);
  ASSERT_EQ(Call(db, "CreateTable", kCreate).status, 200);
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([db, t] {
      for (int i = 0; i < 50; ++i) {
        const std::string put =
            std::string(R"({"TableName": "scores", "Item": {"pk": {"S": "p)") +
            std::to_string(t) + R"("}, "sk": {"N": ")" + std::to_string(i) +
            R"("}}})";
        EXPECT_EQ(Call(db, "PutItem", put.c_str()).status, 200);
      }
    });
  }
  for (std::thread& writer : writers) writer.join();
  Reply scanned =
      Call(db, "Scan", R"({"TableName": "scores", "Select": "COUNT"})");
  EXPECT_THAT(scanned.body, HasSubstr(R"("Count":200)"));
  dynamite_close(db);
}

}  // namespace
