// Secondary indexes on the wire, through Dispatch against a real Database:
// CreateTable's LocalSecondaryIndexes / GlobalSecondaryIndexes, the index
// lists of a table description, UpdateTable, and Query / Scan IndexName,
// with DynamoDB's JSON type errors, constraint messages and the members
// Dynamite refuses.

#include <string>
#include <vector>

#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "api/options.h"
#include "common/clock.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "wire/dispatch.h"
#include "wire/error_body.h"

namespace dynamite {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class FixedClock final : public Clock {
 public:
  explicit FixedClock(absl::Time time) : time_(time) {}
  absl::Time Now() const override { return time_; }

 private:
  absl::Time time_;
};

constexpr ErrorKind kSer = ErrorKind::kSerialization;
constexpr ErrorKind kVal = ErrorKind::kValidation;

struct Case {
  std::string operation;
  std::string body;
  ErrorKind kind;
  std::string message;
};

// Replaces the value of "TableId" (derived from the clock and a counter)
// with "*".
std::string MaskTableId(std::string body) {
  const std::string kKey = R"("TableId":")";
  size_t start = body.find(kKey);
  if (start == std::string::npos) return body;
  start += kKey.size();
  size_t end = body.find('"', start);
  return body.replace(start, end - start, "*");
}

// A PAY_PER_REQUEST table keyed (pk S, sk S) with attributes g and l
// defined for indexes; `indexes` is spliced in as more members.
std::string TableBody(const std::string& name, const std::string& indexes) {
  return R"({"TableName":")" + name +
         R"(","BillingMode":"PAY_PER_REQUEST",)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
         R"({"AttributeName":"sk","KeyType":"RANGE"}],)"
         R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
         R"({"AttributeName":"sk","AttributeType":"S"},)"
         R"({"AttributeName":"g","AttributeType":"S"},)"
         R"({"AttributeName":"l","AttributeType":"N"}])" +
         indexes + "}";
}

// "tab", a PAY_PER_REQUEST table keyed (pk S, sk S) without indexes.
constexpr char kPlainTable[] =
    R"({"TableName":"tab","BillingMode":"PAY_PER_REQUEST",)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
    R"({"AttributeName":"sk","KeyType":"RANGE"}],)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
    R"({"AttributeName":"sk","AttributeType":"S"}]})";

constexpr char kLsi[] =
    R"("LocalSecondaryIndexes":[{"IndexName":"by_l",)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
    R"({"AttributeName":"l","KeyType":"RANGE"}],)"
    R"("Projection":{"ProjectionType":"KEYS_ONLY"}}])";
constexpr char kGsi[] =
    R"("GlobalSecondaryIndexes":[{"IndexName":"by_g",)"
    R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
    R"("Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x"]}}])";

constexpr char kArn[] = "arn:aws:dynamodb:ddblocal:000000000000:table/";

class TableIndexJsonTest : public ::testing::Test {
 protected:
  TableIndexJsonTest()
      : clock_(absl::FromUnixMillis(1767225600000)),
        db_(DatabaseOptions{.clock = &clock_}) {}

  WireResponse Call(absl::string_view operation, absl::string_view body) {
    return Dispatch(db_, operation, body);
  }

  // The response body of a request that must succeed.
  std::string Ok(absl::string_view operation, absl::string_view body) {
    WireResponse response = Call(operation, body);
    EXPECT_EQ(response.http_status, 200) << response.body;
    return response.body;
  }

  void ExpectErrors(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
      SCOPED_TRACE(c.operation + " " + c.body);

      WireResponse response = Call(c.operation, c.body);

      EXPECT_EQ(response.http_status, 400);
      EXPECT_EQ(response.body,
                ErrorResponse(MakeError(c.kind, c.message)).body);
    }
  }

  // Creates "tab" with the LSI by_l and the GSI by_g.
  void CreateIndexedTable() {
    Ok("CreateTable", TableBody("tab", std::string(",") + kLsi + "," + kGsi));
  }

  FixedClock clock_;
  Database db_;
};

TEST_F(TableIndexJsonTest, CreateTableDescribesItsIndexes) {
  std::string body =
      Ok("CreateTable", TableBody("tab", std::string(",") + kLsi + "," + kGsi));

  const std::string arn = std::string(kArn) + "tab";
  EXPECT_THAT(
      MaskTableId(body),
      HasSubstr(
          R"("TableId":"*",)"
          R"("BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST",)"
          R"("LastUpdateToPayPerRequestDateTime":1767225600},)"
          R"("LocalSecondaryIndexes":[{"IndexName":"by_l",)"
          R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
          R"({"AttributeName":"l","KeyType":"RANGE"}],)"
          R"("Projection":{"ProjectionType":"KEYS_ONLY"},)"
          R"("IndexSizeBytes":0,"ItemCount":0,)"
          R"("IndexArn":")" +
          arn +
          R"(/index/by_l"}],)"
          R"("GlobalSecondaryIndexes":[{"IndexName":"by_g",)"
          R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
          R"("Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x"]},)"
          R"("IndexStatus":"ACTIVE",)"
          R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,)"
          R"("ReadCapacityUnits":0,"WriteCapacityUnits":0},)"
          R"("IndexSizeBytes":0,"ItemCount":0,)"
          R"("IndexArn":")" +
          arn +
          R"(/index/by_g",)"
          R"("WarmThroughput":{"ReadUnitsPerSecond":12000,)"
          R"("WriteUnitsPerSecond":4000,"Status":"ACTIVE"}}],)"
          R"("DeletionProtectionEnabled":false}})"));
}

TEST_F(TableIndexJsonTest, ProvisionedGsiShowsItsThroughput) {
  std::string body = Ok(
      "CreateTable",
      R"({"TableName":"prov","ProvisionedThroughput":)"
      R"({"ReadCapacityUnits":5,"WriteCapacityUnits":7},)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
      R"({"AttributeName":"g","AttributeType":"S"}],)"
      R"("GlobalSecondaryIndexes":[{"IndexName":"by_g",)"
      R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
      R"("Projection":{"ProjectionType":"ALL"},)"
      R"("ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":3}}]})");

  EXPECT_THAT(body,
              HasSubstr(R"("Projection":{"ProjectionType":"ALL"},)"
                        R"("IndexStatus":"ACTIVE",)"
                        R"("ProvisionedThroughput":)"
                        R"({"NumberOfDecreasesToday":0,)"
                        R"("ReadCapacityUnits":2,"WriteCapacityUnits":3},)"));
  EXPECT_THAT(body, Not(HasSubstr("LocalSecondaryIndexes")));
}

TEST_F(TableIndexJsonTest, MultiAttributeGsiKeySchemaRoundTrips) {
  const std::string key_schema =
      R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"},)"
      R"({"AttributeName":"pk","KeyType":"HASH"},)"
      R"({"AttributeName":"l","KeyType":"RANGE"},)"
      R"({"AttributeName":"sk","KeyType":"RANGE"}])";

  std::string body = Ok(
      "CreateTable", TableBody("multi", R"(,"GlobalSecondaryIndexes":[)"
                                        R"({"IndexName":"multi_key",)" +
                                            key_schema +
                                            R"(,"Projection":)"
                                            R"({"ProjectionType":"ALL"}}])"));

  EXPECT_THAT(body, HasSubstr(R"({"IndexName":"multi_key",)" + key_schema));
}

TEST_F(TableIndexJsonTest, DescribeTableShowsIndexesAndDeleteTableDoesNot) {
  CreateIndexedTable();

  std::string described = Ok("DescribeTable", R"({"TableName":"tab"})");
  std::string deleted = Ok("DeleteTable", R"({"TableName":"tab"})");

  EXPECT_THAT(described,
              HasSubstr(R"("LocalSecondaryIndexes":[{"IndexName":"by_l",)"));
  EXPECT_THAT(described,
              HasSubstr(R"("GlobalSecondaryIndexes":[{"IndexName":"by_g",)"));
  EXPECT_THAT(deleted, Not(HasSubstr("SecondaryIndexes")));
}

TEST_F(TableIndexJsonTest, IndexListsOfWrongJsonTypesAreSerializationErrors) {
  const std::string table = TableBody("new", "");
  auto with = [&](const std::string& member) {
    return table.substr(0, table.size() - 1) + "," + member + "}";
  };
  const std::string shape =
      "Unrecognized collection type class "
      "com.amazonaws.dynamodb.v20120810.";
  ExpectErrors({
      {"CreateTable", with(R"("LocalSecondaryIndexes":"x")"), kSer,
       "Unexpected field type"},
      {"CreateTable", with(R"("GlobalSecondaryIndexes":{})"), kSer,
       "Start of structure or map found where not expected"},
      {"CreateTable", with(R"("GlobalSecondaryIndexes":[5])"), kSer,
       "Unexpected value type in payload"},
      {"CreateTable", with(R"("LocalSecondaryIndexes":[[]])"), kSer,
       shape + "LocalSecondaryIndex"},
      {"CreateTable", with(R"("GlobalSecondaryIndexes":[{"IndexName":5}])"),
       kSer, "NUMBER_VALUE cannot be converted to String"},
      {"CreateTable", with(R"("GlobalSecondaryIndexes":[{"Projection":[]}])"),
       kSer, shape + "Projection"},
      {"CreateTable", with(R"("LocalSecondaryIndexes":[{"Projection":"x"}])"),
       kSer, "Unexpected field type"},
      {"CreateTable",
       with(
           R"("GlobalSecondaryIndexes":[{"Projection":{"ProjectionType":1}}])"),
       kSer, "NUMBER_VALUE cannot be converted to String"},
      {"CreateTable",
       with(R"("GlobalSecondaryIndexes":[{"Projection":)"
            R"({"NonKeyAttributes":[true]}}])"),
       kSer, "TRUE_VALUE cannot be converted to String"},
      {"CreateTable", with(R"("GlobalSecondaryIndexes":[{"KeySchema":[[]]}])"),
       kSer, shape + "KeySchemaElement"},
      {"CreateTable",
       with(R"("GlobalSecondaryIndexes":[{"ProvisionedThroughput":)"
            R"({"ReadCapacityUnits":"5"}}])"),
       kSer, "STRING_VALUE cannot be converted to Long"},
  });
}

TEST_F(TableIndexJsonTest, NullIndexMembersAreConstraintErrors) {
  ExpectErrors({
      {"CreateTable", TableBody("new", R"(,"LocalSecondaryIndexes":[{}])"),
       kVal,
       "3 validation errors detected: "
       "Value null at 'localSecondaryIndexes.1.member.keySchema' failed to "
       "satisfy constraint: Member must not be null; "
       "Value null at 'localSecondaryIndexes.1.member.projection' failed to "
       "satisfy constraint: Member must not be null; "
       "Value null at 'localSecondaryIndexes.1.member.indexName' failed to "
       "satisfy constraint: Member must not be null"},
      {"CreateTable",
       TableBody("new", R"(,"GlobalSecondaryIndexes":[{"IndexName":"abc",)"
                        R"("KeySchema":[{"AttributeName":"g"}],)"
                        R"("Projection":{},"ProvisionedThroughput":{}}])"),
       kVal,
       "3 validation errors detected: "
       "Value null at 'globalSecondaryIndexes.1.member.keySchema.1.member."
       "keyType' failed to satisfy constraint: Member must not be null; "
       "Value null at "
       "'globalSecondaryIndexes.1.member.provisionedThroughput."
       "writeCapacityUnits' failed to satisfy constraint: Member must not be "
       "null; "
       "Value null at "
       "'globalSecondaryIndexes.1.member.provisionedThroughput."
       "readCapacityUnits' failed to satisfy constraint: Member must not be "
       "null"},
  });
}

TEST_F(TableIndexJsonTest, BadIndexEnumsListTheirValues) {
  ExpectErrors({
      {"CreateTable",
       TableBody(
           "new",
           R"(,"GlobalSecondaryIndexes":[)"
           R"({"IndexName":"abc","Projection":{"ProjectionType":"ALL"},)"
           R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}]},)"
           R"({"IndexName":"abd","Projection":{"ProjectionType":"SOME"},)"
           R"("KeySchema":[{"AttributeName":"g","KeyType":"PARTITION"}]}])"),
       kVal,
       "2 validation errors detected: "
       "Value 'PARTITION' at "
       "'globalSecondaryIndexes.2.member.keySchema.1.member.keyType' failed "
       "to satisfy constraint: Member must satisfy enum value set: [HASH, "
       "RANGE]; "
       "Value 'SOME' at "
       "'globalSecondaryIndexes.2.member.projection.projectionType' failed "
       "to satisfy constraint: Member must satisfy enum value set: [ALL, "
       "INCLUDE, KEYS_ONLY]"},
  });
}

TEST_F(TableIndexJsonTest, AGsiTakesAndShowsItsOnDemandAndWarmThroughput) {
  const std::string gsi =
      R"(,"GlobalSecondaryIndexes":[{"IndexName":"abc",)"
      R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"},)"
      R"({"AttributeName":"l","KeyType":"RANGE"}],)"
      R"("Projection":{"ProjectionType":"ALL"},)";
  std::string created =
      Ok("CreateTable",
         TableBody("new",
                   gsi + R"("OnDemandThroughput":{"MaxReadRequestUnits":5},)"
                         R"("WarmThroughput":{"ReadUnitsPerSecond":13000}}])"));
  EXPECT_THAT(created,
              HasSubstr(R"("OnDemandThroughput":{"MaxReadRequestUnits":5},)"
                        R"("WarmThroughput":{"ReadUnitsPerSecond":13000,)"
                        R"("WriteUnitsPerSecond":4000,"Status":"ACTIVE"})"));
  ExpectErrors({
      {"CreateTable",
       TableBody("new2",
                 gsi + R"("OnDemandThroughput":{"MaxReadRequestUnits":0}}])"),
       kVal,
       "One or more parameter values were invalid: Requested "
       "MaxReadRequestUnits for OnDemandThroughput for index is outside of "
       "valid range"},
  });
}

TEST_F(TableIndexJsonTest, UpdateTableCreatesAndDeletesAGsi) {
  Ok("CreateTable", kPlainTable);

  std::string created = Ok(
      "UpdateTable",
      R"({"TableName":"tab",)"
      R"("AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],)"
      R"("GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_g",)"
      R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
      R"("Projection":{"ProjectionType":"KEYS_ONLY"}}}]})");
  std::string described = Ok("DescribeTable", R"({"TableName":"tab"})");
  std::string deleted =
      Ok("UpdateTable", R"({"TableName":"tab","GlobalSecondaryIndexUpdates":)"
                        R"([{"Delete":{"IndexName":"by_g"}}]})");

  EXPECT_THAT(created, HasSubstr(R"({"TableDescription":{)"));
  EXPECT_THAT(
      created,
      HasSubstr(R"("GlobalSecondaryIndexes":[{"IndexName":"by_g",)"
                R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
                R"("Projection":{"ProjectionType":"KEYS_ONLY"},)"
                R"("IndexStatus":"ACTIVE",)"));
  EXPECT_THAT(described,
              HasSubstr(R"("GlobalSecondaryIndexes":[{"IndexName":"by_g",)"));
  EXPECT_THAT(deleted, Not(HasSubstr("GlobalSecondaryIndexes")));
}

TEST_F(TableIndexJsonTest, UpdateTableChangesBillingMode) {
  Ok("CreateTable", kPlainTable);

  std::string body = Ok(
      "UpdateTable",
      R"({"TableName":"tab","BillingMode":"PROVISIONED",)"
      R"("ProvisionedThroughput":{"ReadCapacityUnits":4,"WriteCapacityUnits":6}})");

  EXPECT_THAT(
      body, HasSubstr(R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,)"
                      R"("ReadCapacityUnits":4,"WriteCapacityUnits":6})"));
  EXPECT_THAT(body, Not(HasSubstr("BillingModeSummary")));
}

TEST_F(TableIndexJsonTest, UpdateTableDecodingErrors) {
  const std::string action =
      "Unrecognized collection type class "
      "com.amazonaws.dynamodb.v20120810.";
  ExpectErrors({
      {"UpdateTable", "{}", kVal,
       "The parameter 'TableName' is required but was not present in the "
       "request"},
      {"UpdateTable", R"({"TableName":"tab","GlobalSecondaryIndexUpdates":{}})",
       kSer, "Start of structure or map found where not expected"},
      {"UpdateTable",
       R"({"TableName":"tab","GlobalSecondaryIndexUpdates":[{"Create":[]}]})",
       kSer, action + "CreateGlobalSecondaryIndexAction"},
      {"UpdateTable",
       R"({"TableName":"tab","GlobalSecondaryIndexUpdates":[{"Delete":5}]})",
       kSer, "Unexpected field type"},
      {"UpdateTable", R"({"TableName":"tab","BillingMode":"FREE"})", kVal,
       "1 validation error detected: Value 'FREE' at 'billingMode' failed to "
       "satisfy constraint: Member must satisfy enum value set: "
       "[PROVISIONED, PAY_PER_REQUEST]"},
      {"UpdateTable",
       R"({"TableName":"tab","GlobalSecondaryIndexUpdates":[{"Update":{}},)"
       R"({"Create":{}},{"Delete":{}}]})",
       kVal,
       "5 validation errors detected: "
       "Value null at 'globalSecondaryIndexUpdates.1.member.update.indexName' "
       "failed to satisfy constraint: Member must not be null; "
       "Value null at "
       "'globalSecondaryIndexUpdates.2.member.create.projection' failed to "
       "satisfy constraint: Member must not be null; "
       "Value null at 'globalSecondaryIndexUpdates.2.member.create.indexName' "
       "failed to satisfy constraint: Member must not be null; "
       "Value null at 'globalSecondaryIndexUpdates.2.member.create.keySchema' "
       "failed to satisfy constraint: Member must not be null; "
       "Value null at 'globalSecondaryIndexUpdates.3.member.delete.indexName' "
       "failed to satisfy constraint: Member must not be null"},
  });
}

TEST_F(TableIndexJsonTest, UpdateTableRefusesMembersDynamiteLacks) {
  Ok("CreateTable", kPlainTable);
  auto unsupported = [](const std::string& parameter) {
    return "Dynamite does not support the parameter " + parameter + " yet";
  };
  ExpectErrors({
      {"UpdateTable",
       R"({"TableName":"tab","TableClass":"STANDARD",)"
       R"("BillingMode":"PAY_PER_REQUEST"})",
       kVal,
       "One or more parameter values were invalid: TableClass modification "
       "must be the only operation in the request"},
      {"UpdateTable", R"({"TableName":"tab","ReplicaUpdates":[]})", kVal,
       unsupported("ReplicaUpdates")},
      {"UpdateTable",
       R"({"TableName":"tab","DeletionProtectionEnabled":true,)"
       R"("BillingMode":"PAY_PER_REQUEST"})",
       kVal,
       "One or more parameter values were invalid: DeletionProtection "
       "modification must be the only operation in the request"},
      {"UpdateTable",
       R"({"TableName":"tab","GlobalSecondaryIndexUpdates":[{"Update":)"
       R"({"IndexName":"abc","WarmThroughput":{}}}]})",
       kVal,
       "One or more parameter values were invalid: WarmThroughput must "
       "specify ReadUnitsPerSecond, WriteUnitsPerSecond or both"},
  });
}

TEST_F(TableIndexJsonTest, QueryAndScanReadIndexName) {
  CreateIndexedTable();
  Ok("PutItem", R"({"TableName":"tab","Item":{"pk":{"S":"p"},"sk":{"S":"s"},)"
                R"("g":{"S":"G"},"x":{"S":"X"},"y":{"S":"Y"}}})");

  std::string queried =
      Ok("Query", R"({"TableName":"tab","IndexName":"by_g",)"
                  R"("KeyConditionExpression":"g = :g",)"
                  R"("ExpressionAttributeValues":{":g":{"S":"G"}}})");
  std::string scanned = Ok("Scan", R"({"TableName":"tab","IndexName":"by_l"})");

  // by_g projects x but not y; by_l holds no item without l.
  EXPECT_THAT(queried, HasSubstr(R"("x":{"S":"X"})"));
  EXPECT_THAT(queried, Not(HasSubstr(R"("y")")));
  EXPECT_THAT(queried, HasSubstr(R"("Count":1)"));
  EXPECT_THAT(scanned, HasSubstr(R"("Count":0)"));
}

TEST_F(TableIndexJsonTest, IndexNameConstraints) {
  const std::string name_256(256, 'a');
  ExpectErrors({
      {"Query", R"({"TableName":"tab","IndexName":5})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"Scan", R"({"TableName":"tab","IndexName":[]})", kSer,
       "Unrecognized collection type class java.lang.String"},
      {"Scan", R"({"TableName":"tab","IndexName":"a;"})", kVal,
       "2 validation errors detected: "
       "Value 'a;' at 'indexName' failed to satisfy constraint: Member must "
       "have length greater than or equal to 3; "
       "Value 'a;' at 'indexName' failed to satisfy constraint: Member must "
       "satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},
      {"Query", R"({"TableName":"tab","IndexName":")" + name_256 + R"("})",
       kVal,
       "1 validation error detected: Value '" + name_256 +
           "' at 'indexName' failed to satisfy constraint: Member must have "
           "length less than or equal to 255"},
      // Listed after select and before returnConsumedCapacity and tableName
      // (dynalite test/query.js).
      {"Query",
       R"({"IndexName":"abc;","Select":"hi","ReturnConsumedCapacity":"hi"})",
       kVal,
       "4 validation errors detected: "
       "Value 'hi' at 'select' failed to satisfy constraint: Member must "
       "satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
       "ALL_PROJECTED_ATTRIBUTES]; "
       "Value 'abc;' at 'indexName' failed to satisfy constraint: Member "
       "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; "
       "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: "
       "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; "
       "Value null at 'tableName' failed to satisfy constraint: Member must "
       "not be null"},
  });
}

}  // namespace
}  // namespace dynamite
