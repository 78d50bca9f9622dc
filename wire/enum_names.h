// DynamoDB's spellings of the enums in requests and responses, in the order
// DynamoDB lists them in "Member must satisfy enum value set: [...]"
// messages (recorded by dynalite's tests against DynamoDB).
//
// Thread safety: constant data.

#ifndef DYNAMITE_WIRE_ENUM_NAMES_H_
#define DYNAMITE_WIRE_ENUM_NAMES_H_

#include <cstddef>

#include "absl/strings/string_view.h"

#include "api/consumed_capacity.h"
#include "api/item_requests.h"
#include "api/read_requests.h"
#include "api/table_requests.h"
#include "query/legacy.h"
#include "store/key.h"
#include "store/table.h"
#include "store/table_definition.h"

namespace dynamite {

// One member of an enum, as DynamoDB spells it.
template <typename E>
struct EnumName {
  absl::string_view name;
  E value;
};

// The spelling of `value`. REQUIRES: `value` is listed in `names`.
template <typename E, size_t N>
absl::string_view NameOf(const EnumName<E> (&names)[N], E value) {
  for (const EnumName<E>& name : names) {
    if (name.value == value) return name.name;
  }
  return "";
}

inline constexpr EnumName<KeySchemaRole> kKeySchemaRoleNames[] = {
    {"HASH", KeySchemaRole::kHash},
    {"RANGE", KeySchemaRole::kRange},
};

// ScalarAttributeType.
inline constexpr EnumName<KeyType> kKeyTypeNames[] = {
    {"B", KeyType::kB},
    {"N", KeyType::kN},
    {"S", KeyType::kS},
};

inline constexpr EnumName<BillingMode> kBillingModeNames[] = {
    {"PROVISIONED", BillingMode::kProvisioned},
    {"PAY_PER_REQUEST", BillingMode::kPayPerRequest},
};

// Projection.ProjectionType (dynalite test/createTable.js, recorded against
// DynamoDB: "Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]").
inline constexpr EnumName<ProjectionType> kProjectionTypeNames[] = {
    {"ALL", ProjectionType::kAll},
    {"INCLUDE", ProjectionType::kInclude},
    {"KEYS_ONLY", ProjectionType::kKeysOnly},
};

// StreamViewType, in the order of DynamoDB's enum message (live capture,
// ack-api-quirks DDB-TABLE-035).
inline constexpr EnumName<StreamViewType> kStreamViewTypeNames[] = {
    {"OLD_IMAGE", StreamViewType::kOldImage},
    {"KEYS_ONLY", StreamViewType::kKeysOnly},
    {"NEW_AND_OLD_IMAGES", StreamViewType::kNewAndOldImages},
    {"NEW_IMAGE", StreamViewType::kNewImage},
};

inline constexpr EnumName<SseType> kSseTypeNames[] = {
    {"AES256", SseType::kAes256},
    {"KMS", SseType::kKms},
};

inline constexpr EnumName<TableClass> kTableClassNames[] = {
    {"STANDARD", TableClass::kStandard},
    {"STANDARD_INFREQUENT_ACCESS", TableClass::kStandardInfrequentAccess},
};

inline constexpr EnumName<ReturnValue> kReturnValueNames[] = {
    {"ALL_NEW", ReturnValue::kAllNew},
    {"UPDATED_OLD", ReturnValue::kUpdatedOld},
    {"ALL_OLD", ReturnValue::kAllOld},
    {"NONE", ReturnValue::kNone},
    {"UPDATED_NEW", ReturnValue::kUpdatedNew},
};

inline constexpr EnumName<Select> kSelectNames[] = {
    {"SPECIFIC_ATTRIBUTES", Select::kSpecificAttributes},
    {"COUNT", Select::kCount},
    {"ALL_ATTRIBUTES", Select::kAllAttributes},
    {"ALL_PROJECTED_ATTRIBUTES", Select::kAllProjectedAttributes},
};

// The legacy parameters' enums (query/legacy.h), in the order of dynalite
// test/query.js, test/scan.js and test/updateItem.js.
inline constexpr EnumName<ComparisonOperator> kComparisonOperatorNames[] = {
    {"IN", ComparisonOperator::kIn},
    {"NULL", ComparisonOperator::kNull},
    {"BETWEEN", ComparisonOperator::kBetween},
    {"LT", ComparisonOperator::kLt},
    {"NOT_CONTAINS", ComparisonOperator::kNotContains},
    {"EQ", ComparisonOperator::kEq},
    {"GT", ComparisonOperator::kGt},
    {"NOT_NULL", ComparisonOperator::kNotNull},
    {"NE", ComparisonOperator::kNe},
    {"LE", ComparisonOperator::kLe},
    {"BEGINS_WITH", ComparisonOperator::kBeginsWith},
    {"GE", ComparisonOperator::kGe},
    {"CONTAINS", ComparisonOperator::kContains},
};

inline constexpr EnumName<ConditionalOperator> kConditionalOperatorNames[] = {
    {"OR", ConditionalOperator::kOr},
    {"AND", ConditionalOperator::kAnd},
};

inline constexpr EnumName<AttributeAction> kAttributeActionNames[] = {
    {"ADD", AttributeAction::kAdd},
    {"PUT", AttributeAction::kPut},
    {"DELETE", AttributeAction::kDelete},
};

inline constexpr EnumName<ReturnConsumedCapacity>
    kReturnConsumedCapacityNames[] = {
        {"INDEXES", ReturnConsumedCapacity::kIndexes},
        {"TOTAL", ReturnConsumedCapacity::kTotal},
        {"NONE", ReturnConsumedCapacity::kNone},
};

inline constexpr EnumName<ReturnItemCollectionMetrics>
    kReturnItemCollectionMetricsNames[] = {
        {"SIZE", ReturnItemCollectionMetrics::kSize},
        {"NONE", ReturnItemCollectionMetrics::kNone},
};

inline constexpr EnumName<ReturnValuesOnConditionCheckFailure>
    kReturnValuesOnConditionCheckFailureNames[] = {
        {"ALL_OLD", ReturnValuesOnConditionCheckFailure::kAllOld},
        {"NONE", ReturnValuesOnConditionCheckFailure::kNone},
};

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_ENUM_NAMES_H_
