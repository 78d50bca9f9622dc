// Request decoding through Dispatch: DynamoDB's stages of checks (JSON
// types, required parameters, constraints, request checks), each stage's
// messages, and the parameters Dynamite rejects as not supported yet.

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "wire/dispatch.h"
#include "wire/error_body.h"

namespace dynamite {
namespace {

struct Case {
  std::string operation;
  std::string body;
  ErrorKind kind;
  std::string message;
};

constexpr ErrorKind kSer = ErrorKind::kSerialization;
constexpr ErrorKind kVal = ErrorKind::kValidation;

class RequestErrorsTest : public ::testing::Test {
 protected:
  RequestErrorsTest() {
    WireResponse created = Dispatch(
        db_, "CreateTable",
        R"({"TableName":"tab","BillingMode":"PAY_PER_REQUEST",)"
        R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
        R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
    EXPECT_EQ(created.http_status, 200) << created.body;
  }

  void ExpectErrors(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
      SCOPED_TRACE(c.operation + " " + c.body);

      WireResponse response = Dispatch(db_, c.operation, c.body);

      EXPECT_EQ(response.http_status, 400);
      EXPECT_EQ(response.body,
                ErrorResponse(MakeError(c.kind, c.message)).body);
    }
  }

  Database db_;
};

const char kStructure[] = "Start of structure or map found where not expected";
const char kAttributeMapList[] =
    "Unrecognized collection type java.util.Map<java.lang.String, "
    "com.amazonaws.dynamodb.v20120810.AttributeValue>";

TEST_F(RequestErrorsTest, WrongJsonTypesAreSerializationExceptions) {
  ExpectErrors({
      {"PutItem", R"({"TableName":5,"Item":{}})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"PutItem", R"({"TableName":"tab","Item":[]})", kSer, kAttributeMapList},
      {"PutItem", R"({"TableName":"tab","Item":"x"})", kSer,
       "Unexpected field type"},
      {"PutItem", R"({"TableName":"tab","Item":{"a":"x"}})", kSer,
       "Unexpected value type in payload"},
      {"PutItem", R"({"TableName":"tab","Item":{"pk":{"N":5}}})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":"a"}},"ReturnValues":5})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":"a"}},"ReturnConsumedCapacity":{}})",
       kSer, kStructure},
      {"GetItem", R"({"TableName":"tab","Key":"x"})", kSer,
       "Unexpected field type"},
      {"GetItem",
       R"({"TableName":"tab","Key":{"pk":{"S":"a"}},"ConsistentRead":"x"})",
       kSer, "Unexpected token received from parser"},
      {"GetItem",
       R"({"TableName":"tab","Key":{"pk":{"S":"a"}},"ConsistentRead":1})", kSer,
       "NUMBER_VALUE cannot be converted to Boolean"},
      {"DeleteItem", R"({"TableName":["tab"],"Key":{"pk":{"S":"a"}}})", kSer,
       "Unrecognized collection type class java.lang.String"},
      {"DeleteItem", R"({"TableName":"tab","Key":{"pk":{"B":"YQ"}}})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: 2"},
      {"Query", R"({"TableName":"tab","Limit":"5"})", kSer,
       "STRING_VALUE cannot be converted to Integer"},
      {"Query", R"({"TableName":"tab","Limit":true})", kSer,
       "TRUE_VALUE cannot be converted to Integer"},
      {"Query", R"({"TableName":"tab","ScanIndexForward":[]})", kSer,
       "Unrecognized collection type class java.lang.Boolean"},
      {"Query", R"({"TableName":"tab","KeyConditionExpression":{}})", kSer,
       kStructure},
      {"Query", R"({"TableName":"tab","ExpressionAttributeNames":[]})", kSer,
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "java.lang.String>"},
      {"Query", R"({"TableName":"tab","ExpressionAttributeNames":{"#a":5}})",
       kSer, "NUMBER_VALUE cannot be converted to String"},
      {"Query",
       R"({"TableName":"tab","ExpressionAttributeValues":{":a":{"S":1.5}}})",
       kSer, "DECIMAL_VALUE cannot be converted to String"},
      {"Query", R"({"TableName":"tab","ExclusiveStartKey":[]})", kSer,
       kAttributeMapList},
      {"Query", R"({"TableName":"tab","Select":false})", kSer,
       "FALSE_VALUE cannot be converted to String"},
      {"CreateTable", R"({"TableName":"tab","KeySchema":"x"})", kSer,
       "Unexpected field type"},
      {"CreateTable", R"({"TableName":"tab","KeySchema":[5]})", kSer,
       "Unexpected value type in payload"},
      {"CreateTable", R"({"TableName":"tab","KeySchema":[[]]})", kSer,
       "Unrecognized collection type class "
       "com.amazonaws.dynamodb.v20120810.KeySchemaElement"},
      {"CreateTable",
       R"({"TableName":"tab","KeySchema":[{"AttributeName":1,"KeyType":"HASH"}]})",
       kSer, "NUMBER_VALUE cannot be converted to String"},
      {"CreateTable", R"({"TableName":"tab","AttributeDefinitions":{}})", kSer,
       kStructure},
      {"CreateTable", R"({"TableName":"tab","AttributeDefinitions":[[]]})",
       kSer,
       "Unrecognized collection type class "
       "com.amazonaws.dynamodb.v20120810.AttributeDefinition"},
      {"CreateTable", R"({"TableName":"tab","ProvisionedThroughput":5})", kSer,
       "Unexpected field type"},
      {"CreateTable", R"({"TableName":"tab","ProvisionedThroughput":[]})", kSer,
       "Unrecognized collection type class "
       "com.amazonaws.dynamodb.v20120810.ProvisionedThroughput"},
      {"CreateTable",
       R"({"TableName":"tab","ProvisionedThroughput":{"ReadCapacityUnits":"5"}})",
       kSer, "STRING_VALUE cannot be converted to Long"},
      {"CreateTable", R"({"TableName":"tab","BillingMode":true})", kSer,
       "TRUE_VALUE cannot be converted to String"},
      {"ListTables", R"({"Limit":"5"})", kSer,
       "STRING_VALUE cannot be converted to Integer"},
      {"ListTables", R"({"ExclusiveStartTableName":5})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"DescribeTable", R"({"TableName":{}})", kSer, kStructure},
      {"DeleteTable", R"({"TableName":false})", kSer,
       "FALSE_VALUE cannot be converted to String"},
  });
}

TEST_F(RequestErrorsTest, TypeErrorsComeBeforeEveryOtherCheck) {
  ExpectErrors({
      // Missing TableName (a constraint) and a bad value (a request check).
      {"PutItem", R"({"Item":{"a":{},"b":{"S":1}}})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      // Missing TableName of a table operation.
      {"CreateTable", R"({"KeySchema":5})", kSer, "Unexpected field type"},
      // An unsupported parameter.
      {"Query",
       R"({"TableName":"tab","FilterExpression":"a = :a","Limit":"1"})", kSer,
       "STRING_VALUE cannot be converted to Integer"},
  });
}

TEST_F(RequestErrorsTest, TableOperationsRequireTableName) {
  const char kRequired[] =
      "The parameter 'TableName' is required but was not present in the "
      "request";
  ExpectErrors({
      {"CreateTable", "{}", kVal, kRequired},
      {"CreateTable", R"({"KeySchema":[{"KeyType":"SORT"}]})", kVal, kRequired},
      {"DescribeTable", "{}", kVal, kRequired},
      {"DescribeTable", R"({"TableName":null})", kVal, kRequired},
      {"DeleteTable", R"({"Tablename":"t"})", kVal, kRequired},
  });
}

TEST_F(RequestErrorsTest, ConstraintErrorsAreAggregated) {
  ExpectErrors({
      {"PutItem", "{}", kVal,
       "2 validation errors detected: "
       "Value null at 'tableName' failed to satisfy constraint: Member must "
       "not be null; "
       "Value null at 'item' failed to satisfy constraint: Member must not "
       "be null"},
      {"PutItem",
       R"({"TableName":"tab","Item":{},"ReturnConsumedCapacity":"hi",)"
       R"("ReturnItemCollectionMetrics":"hi","ReturnValues":"hi"})",
       kVal,
       "3 validation errors detected: "
       "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: "
       "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; "
       "Value 'hi' at 'returnValues' failed to satisfy constraint: Member "
       "must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, "
       "UPDATED_NEW]; "
       "Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy "
       "constraint: Member must satisfy enum value set: [SIZE, NONE]"},
      {"PutItem",
       R"({"TableName":"tab","Item":{},)"
       R"("ReturnValuesOnConditionCheckFailure":"ALL_NEW"})",
       kVal,
       "1 validation error detected: Value 'ALL_NEW' at "
       "'returnValuesOnConditionCheckFailure' failed to satisfy constraint: "
       "Member must satisfy enum value set: [ALL_OLD, NONE]"},
      {"GetItem", R"({"TableName":"tab"})", kVal,
       "1 validation error detected: Value null at 'key' failed to satisfy "
       "constraint: Member must not be null"},
      {"DeleteItem", R"({"Key":{},"ReturnValues":"all_old"})", kVal,
       "2 validation errors detected: "
       "Value null at 'tableName' failed to satisfy constraint: Member must "
       "not be null; "
       "Value 'all_old' at 'returnValues' failed to satisfy constraint: "
       "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, "
       "NONE, UPDATED_NEW]"},
      {"Query", R"({"Select":"ALL"})", kVal,
       "2 validation errors detected: "
       "Value 'ALL' at 'select' failed to satisfy constraint: Member must "
       "satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
       "ALL_PROJECTED_ATTRIBUTES]; "
       "Value null at 'tableName' failed to satisfy constraint: Member must "
       "not be null"},
      {"CreateTable",
       R"({"TableName":"tab","AttributeDefinitions":[],"BillingMode":"PAY_PER_REQUEST",)"
       R"("KeySchema":[{"AttributeName":"a","KeyType":"HASH"},)"
       R"({"AttributeName":"b","KeyType":"SORT"}]})",
       kVal,
       "1 validation error detected: Value 'SORT' at "
       "'keySchema.2.member.keyType' failed to satisfy constraint: Member "
       "must satisfy enum value set: [HASH, RANGE]"},
      {"CreateTable",
       R"({"TableName":"abc","AttributeDefinitions":[],)"
       R"("KeySchema":[{"KeyType":"HASH"},{"AttributeName":"a"},)"
       R"({"KeyType":"Woop","AttributeName":"a"}]})",
       kVal,
       "3 validation errors detected: "
       "Value null at 'keySchema.1.member.attributeName' failed to satisfy "
       "constraint: Member must not be null; "
       "Value null at 'keySchema.2.member.keyType' failed to satisfy "
       "constraint: Member must not be null; "
       "Value 'Woop' at 'keySchema.3.member.keyType' failed to satisfy "
       "constraint: Member must satisfy enum value set: [HASH, RANGE]"},
      {"CreateTable", R"({"TableName":"abc"})", kVal,
       "2 validation errors detected: "
       "Value null at 'attributeDefinitions' failed to satisfy constraint: "
       "Member must not be null; "
       "Value null at 'keySchema' failed to satisfy constraint: Member must "
       "not be null"},
      {"CreateTable",
       R"({"TableName":"abc","AttributeDefinitions":[],"ProvisionedThroughput":{}})",
       kVal,
       "3 validation errors detected: "
       "Value null at 'provisionedThroughput.writeCapacityUnits' failed to "
       "satisfy constraint: Member must not be null; "
       "Value null at 'provisionedThroughput.readCapacityUnits' failed to "
       "satisfy constraint: Member must not be null; "
       "Value null at 'keySchema' failed to satisfy constraint: Member must "
       "not be null"},
      {"CreateTable",
       R"({"TableName":"abc","AttributeDefinitions":[{},null,)"
       R"({"AttributeName":"b","AttributeType":"SS"}],)"
       R"("KeySchema":[{"AttributeName":"a","KeyType":"HASH"}]})",
       kVal,
       "5 validation errors detected: "
       "Value null at 'attributeDefinitions.1.member.attributeName' failed "
       "to satisfy constraint: Member must not be null; "
       "Value null at 'attributeDefinitions.1.member.attributeType' failed "
       "to satisfy constraint: Member must not be null; "
       "Value null at 'attributeDefinitions.2.member.attributeName' failed "
       "to satisfy constraint: Member must not be null; "
       "Value null at 'attributeDefinitions.2.member.attributeType' failed "
       "to satisfy constraint: Member must not be null; "
       "Value 'SS' at 'attributeDefinitions.3.member.attributeType' failed "
       "to satisfy constraint: Member must satisfy enum value set: [B, N, "
       "S]"},
      {"CreateTable",
       R"({"TableName":"abc","AttributeDefinitions":[],"KeySchema":[],)"
       R"("BillingMode":"FREE"})",
       kVal,
       "1 validation error detected: Value 'FREE' at 'billingMode' failed to "
       "satisfy constraint: Member must satisfy enum value set: "
       "[PROVISIONED, PAY_PER_REQUEST]"},
  });
}

TEST_F(RequestErrorsTest, AtMostTenConstraintErrorsAreListed) {
  std::string definitions;
  for (int i = 0; i < 8; ++i) definitions += i == 0 ? "{}" : ",{}";
  WireResponse response = Dispatch(
      db_, "CreateTable",
      "{\"TableName\":\"abc\",\"AttributeDefinitions\":[" + definitions + "]}");

  EXPECT_THAT(response.body,
              ::testing::HasSubstr("\"10 validation errors detected: "));
  EXPECT_THAT(response.body, ::testing::Not(::testing::HasSubstr("keySchema")));
}

TEST_F(RequestErrorsTest, RequestChecksComeAfterConstraints) {
  const char kEmpty[] =
      "Supplied AttributeValue is empty, must contain exactly one of the "
      "supported datatypes";
  ExpectErrors({
      {"PutItem", R"({"Item":{"a":{}}})", kVal,
       "1 validation error detected: Value null at 'tableName' failed to "
       "satisfy constraint: Member must not be null"},
      {"PutItem", R"({"TableName":"tab","Item":{"pk":{"S":"a"},"b":{}}})", kVal,
       kEmpty},
      {"PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":"a"},"b":{"S":"x","N":"1"}}})",
       kVal,
       "Supplied AttributeValue has more than one datatypes set, must contain "
       "exactly one of the supported datatypes"},
      {"PutItem", R"({"TableName":"tab","Item":{"pk":{"NULL":false}}})", kVal,
       "One or more parameter values were invalid: Null attribute value types "
       "must have the value of true"},
      {"GetItem", R"({"TableName":"tab","Key":{"pk":{"N":"1e126"}}})", kVal,
       "Number overflow. Attempting to store a number with magnitude larger "
       "than supported range"},
      {"Query",
       R"({"TableName":"tab","KeyConditionExpression":"pk = :p",)"
       R"("ExclusiveStartKey":{"pk":{}}})",
       kVal, std::string("The provided starting key is invalid: ") + kEmpty},
      {"Query",
       R"({"TableName":"tab","KeyConditionExpression":"pk = :p",)"
       R"("ExpressionAttributeValues":{":p":{"S":"a"},":n":{"N":"x"}}})",
       kVal,
       "ExpressionAttributeValues contains invalid value: The parameter "
       "cannot be converted to a numeric value: x for key :n"},
      {"Query", R"({"TableName":"tab"})", kVal,
       "Either the KeyConditions or KeyConditionExpression parameter must be "
       "specified in the request."},
      {"Query",
       R"({"TableName":"tab","ExclusiveStartKey":{"pk":{"S":"a","B":"YQ=="}}})",
       kVal,
       "The provided starting key is invalid: Supplied AttributeValue has "
       "more than one datatypes set, must contain exactly one of the "
       "supported datatypes"},
  });
}

TEST_F(RequestErrorsTest, UnsupportedParametersAreRejectedNotIgnored) {
  auto unsupported = [](const std::string& parameter) {
    return "Dynamite does not support the parameter " + parameter + " yet";
  };
  const std::string table =
      R"("TableName":"new","BillingMode":"PAY_PER_REQUEST",)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])";
  ExpectErrors({
      {"CreateTable", "{" + table + R"(,"ResourcePolicy":"{}"})", kVal,
       unsupported("ResourcePolicy")},
      {"CreateTable", "{" + table + R"(,"TableClass":"FAST"})", kVal,
       "Invalid table-class parameter provided. Please try again with a "
       "valid table-class value: [STANDARD, STANDARD_INFREQUENT_ACCESS]."},
      {"CreateTable",
       "{" + table +
           R"(,"SSESpecification":{"Enabled":false,"SSEType":"KMS"}})",
       kVal,
       "One or more parameter values were invalid: SSEType can not be "
       "specified if Enabled is false"},
      {"Scan", R"({"IndexName":"gsi"})", kVal,
       "1 validation error detected: Value null at 'tableName' failed to "
       "satisfy constraint: Member must not be null"},
  });
}

TEST_F(RequestErrorsTest, TagsWithoutKeyOrValueAreRejected) {
  const std::string arn =
      R"("ResourceArn":"arn:aws:dynamodb:ddblocal:000000000000:table/tab")";
  const std::string table =
      R"("TableName":"new","BillingMode":"PAY_PER_REQUEST",)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])";
  ExpectErrors({
      {"TagResource", "{" + arn + R"(,"Tags":[{"Key":"k"}]})", kVal,
       "The Tag Value provided is invalid, Value: null"},
      {"TagResource", "{" + arn + R"(,"Tags":[{"Value":"v"}]})", kVal,
       "The Tag Key provided is invalid, Key: null"},
      {"TagResource", "{" + arn + R"(,"Tags":[{}]})", kVal,
       "The Tag Key provided is invalid, Key: null"},
      {"UntagResource", "{" + arn + R"(,"TagKeys":[null]})", kVal,
       "The Tag Key provided is invalid, Key: null"},
      {"CreateTable", "{" + table + R"(,"Tags":[{"Key":"k"}]})", kVal,
       "The Tag Value provided is invalid, Value: null"},
      {"TagResource", "{" + arn + R"(,"Tags":[{"Key":1,"Value":"v"}]})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"ListTagsOfResource", R"({"ResourceArn":7})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"ListTagsOfResource", "{}", kVal, "Invalid TableArn"},
  });
}

TEST_F(RequestErrorsTest, LegacyParametersAreDecodedWithDynamoDbsErrors) {
  const std::string key = R"("TableName":"tab","Key":{"pk":{"S":"a"}})";
  const std::string kOperators =
      "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, "
      "BEGINS_WITH, GE, CONTAINS]";
  ExpectErrors({
      // Stage 1: JSON types.
      {"Query", R"({"TableName":"tab","QueryFilter":[]})", kSer,
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "com.amazonaws.dynamodb.v20120810.Condition>"},
      {"Scan", R"({"TableName":"tab","ScanFilter":{"a":5}})", kSer,
       "Unexpected value type in payload"},
      {"Scan",
       R"({"TableName":"tab","ScanFilter":{"a":{"ComparisonOperator":"EQ",)"
       R"("AttributeValueList":[{"S":5}]}}})",
       kSer, "NUMBER_VALUE cannot be converted to String"},
      {"Scan",
       R"({"TableName":"tab","ScanFilter":{"a":{"ComparisonOperator":"EQ",)"
       R"("AttributeValueList":{}}}})",
       kSer, kStructure},
      {"GetItem", "{" + key + R"(,"AttributesToGet":"a"})", kSer,
       "Unexpected field type"},
      {"GetItem", "{" + key + R"(,"AttributesToGet":[5]})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      {"PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":"a"}},"Expected":{"a":)"
       R"({"Exists":[]}}})",
       kSer, "Unrecognized collection type class java.lang.Boolean"},
      {"UpdateItem", "{" + key + R"(,"AttributeUpdates":{"a":{"Value":[]}}})",
       kSer,
       "Unrecognized collection type class "
       "com.amazonaws.dynamodb.v20120810.AttributeValue"},
      {"DeleteItem", "{" + key + R"(,"ConditionalOperator":1})", kSer,
       "NUMBER_VALUE cannot be converted to String"},
      // Stage 3: enums and the required ComparisonOperator of a Condition,
      // in DynamoDB's order (dynalite test/query.js).
      {"Query",
       R"({"Select":"x","QueryFilter":{"a":{},"b":{"ComparisonOperator":""}},)"
       R"("ConditionalOperator":"AN","KeyConditions":{"a":{}}})",
       kVal,
       "6 validation errors detected: Value 'x' at 'select' failed to "
       "satisfy constraint: Member must satisfy enum value set: "
       "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
       "ALL_PROJECTED_ATTRIBUTES]; Value null at "
       "'queryFilter.a.member.comparisonOperator' failed to satisfy "
       "constraint: Member must not be null; Value '' at "
       "'queryFilter.b.member.comparisonOperator' failed to satisfy "
       "constraint: Member must satisfy enum value set: " +
           kOperators +
           "; Value null at 'tableName' failed to satisfy constraint: Member "
           "must not be null; Value 'AN' at 'conditionalOperator' failed to "
           "satisfy constraint: Member must satisfy enum value set: [OR, "
           "AND]; Value null at 'keyConditions.a.member.comparisonOperator' "
           "failed to satisfy constraint: Member must not be null"},
      {"Query",
       R"({"TableName":"tab","KeyConditions":{"pk":{"ComparisonOperator":)"
       R"("eq","AttributeValueList":[{"S":"a"}]}}})",
       kVal,
       "1 validation error detected: Value 'eq' at "
       "'keyConditions.pk.member.comparisonOperator' failed to satisfy "
       "constraint: Member must satisfy enum value set: " +
           kOperators},
      {"UpdateItem",
       "{" + key + R"(,"AttributeUpdates":{"a":{"Action":"SET","Value":)" +
           R"({"S":"x"}}}})",
       kVal,
       "1 validation error detected: Value 'SET' at "
       "'attributeUpdates.a.member.action' failed to satisfy constraint: "
       "Member must satisfy enum value set: [ADD, PUT, DELETE]"},
      {"PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":"a"}},"Expected":{"a":)"
       R"({"ComparisonOperator":"IS"}}})",
       kVal,
       "1 validation error detected: Value 'IS' at "
       "'expected.a.member.comparisonOperator' failed to satisfy "
       "constraint: Member must satisfy enum value set: " +
           kOperators},
      // Stage 4: values, then the api's checks.
      {"Scan",
       R"({"TableName":"tab","ScanFilter":{"a":{"ComparisonOperator":"EQ",)"
       R"("AttributeValueList":[{}]}}})",
       kVal,
       "Supplied AttributeValue is empty, must contain exactly one of the "
       "supported datatypes"},
      {"Scan",
       R"({"TableName":"tab","ScanFilter":{"a":{"ComparisonOperator":"EQ"}}})",
       kVal,
       "One or more parameter values were invalid: Invalid number of "
       "argument(s) for the EQ ComparisonOperator"},
      {"GetItem", "{" + key + R"(,"AttributesToGet":[]})", kVal,
       "1 validation error detected: Value '[]' at 'attributesToGet' failed "
       "to satisfy constraint: Member must have length greater than or "
       "equal to 1"},
      {"GetItem",
       "{" + key + R"(,"AttributesToGet":["a"],"ProjectionExpression":"a"})",
       kVal,
       "Can not use both expression and non-expression parameters in the "
       "same request: Non-expression parameters: {AttributesToGet} "
       "Expression parameters: {ProjectionExpression}"},
      {"Query",
       R"({"TableName":"tab","KeyConditions":{"pk":{"ComparisonOperator":)"
       R"("EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"pk":)"
       R"({"ComparisonOperator":"NOT_NULL"}}})",
       kVal,
       "QueryFilter can only contain non-primary key attributes: Primary "
       "key attribute: pk"},
  });
}

TEST_F(RequestErrorsTest, LegacyParametersWork) {
  const std::vector<std::pair<std::string, std::string>> requests = {
      {"PutItem", R"({"TableName":"tab","Item":{"pk":{"S":"a"},"n":{"N":"1"}},)"
                  R"("Expected":{"pk":{"Exists":false}}})"},
      {"UpdateItem",
       R"({"TableName":"tab","Key":{"pk":{"S":"a"}},"AttributeUpdates":)"
       R"({"n":{"Action":"ADD","Value":{"N":"2"}},"g":{"Value":{"S":"x"}}},)"
       R"("Expected":{"n":{"ComparisonOperator":"EQ","AttributeValueList":)"
       R"([{"N":"1"}]},"z":{"ComparisonOperator":"NULL"}},)"
       R"("ConditionalOperator":"AND"})"},
  };
  for (const auto& [operation, body] : requests) {
    WireResponse response = Dispatch(db_, operation, body);
    EXPECT_EQ(response.http_status, 200) << operation << " " << response.body;
  }
  WireResponse got = Dispatch(
      db_, "GetItem",
      R"({"TableName":"tab","Key":{"pk":{"S":"a"}},"AttributesToGet":["n","g"]})");
  EXPECT_EQ(got.body, R"({"Item":{"g":{"S":"x"},"n":{"N":"3"}}})");
  WireResponse query = Dispatch(
      db_, "Query",
      R"({"TableName":"tab","KeyConditions":{"pk":{"ComparisonOperator":"EQ",)"
      R"("AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"n":)"
      R"({"ComparisonOperator":"GT","AttributeValueList":[{"N":"5"}]}}})");
  EXPECT_EQ(query.body, R"({"Items":[],"Count":0,"ScannedCount":1})");
  WireResponse scan =
      Dispatch(db_, "Scan",
               R"({"TableName":"tab","ScanFilter":{"g":{"ComparisonOperator":)"
               R"("BEGINS_WITH","AttributeValueList":[{"S":"x"}]}},)"
               R"("AttributesToGet":["pk"]})");
  EXPECT_EQ(scan.body,
            R"({"Items":[{"pk":{"S":"a"}}],"Count":1,"ScannedCount":1})");
}

TEST_F(RequestErrorsTest, NoOpValuesAndUnknownMembersAreAccepted) {
  const std::vector<std::pair<std::string, std::string>> requests = {
      {"PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":"a"}},"ReturnConsumedCapacity":)"
       R"("NONE","ReturnItemCollectionMetrics":"NONE",)"
       R"("ReturnValuesOnConditionCheckFailure":"NONE","NoSuchMember":[1]})"},
      {"GetItem",
       R"({"TableName":"tab","Key":{"pk":{"S":"a"}},"ConditionExpression":null,)"
       R"("ProjectionExpression":null,"ReturnConsumedCapacity":"NONE"})"},
      {"CreateTable",
       R"({"TableName":"new","BillingMode":"PAY_PER_REQUEST",)"
       R"("DeletionProtectionEnabled":false,)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH","X":1}],)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})"},
  };
  for (const auto& [operation, body] : requests) {
    SCOPED_TRACE(operation + " " + body);

    WireResponse response = Dispatch(db_, operation, body);

    EXPECT_EQ(response.http_status, 200) << response.body;
  }
}

}  // namespace
}  // namespace dynamite
