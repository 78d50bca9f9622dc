// RequestReader: reads the members of one request body and reports the
// problems in the order DynamoDB reports them.
//
// DynamoDB checks a request in stages and answers with the first stage that
// fails:
//   1. types: every member must have its declared JSON type
//      (SerializationException; the first problem);
//   2. required parameters of the table operations: "The parameter
//      'TableName' is required but was not present in the request";
//   3. constraints, aggregated into one message (at most 10 listed):
//      "2 validation errors detected: Value null at 'tableName' failed to
//      satisfy constraint: Member must not be null; Value 'X' at 'select'
//      failed to satisfy constraint: Member must satisfy enum value set:
//      [...]";
//   4. request checks: the first of the checks DynamoDB makes on the
//      decoded request (attribute values, unsupported parameters, ...).
// At stage 3 wire/ checks only what the api structs cannot express: absent
// members and enum values. Lengths, patterns and ranges are checked by the
// api, which reports them to C++ callers as well; the one exception is
// Query's and Scan's IndexName (IndexName() below), whose constraint
// errors DynamoDB lists among the enum errors around it.
//
// Use: call the readers in DynamoDB's order for the operation, then
// Finish(). Every reader returns "nothing" (std::nullopt or nullptr) when
// the member is absent (missing or JSON null) or has the wrong type.
//
// Thread safety: a RequestReader is used by one thread.

#ifndef DYNAMITE_WIRE_REQUEST_READER_H_
#define DYNAMITE_WIRE_REQUEST_READER_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

#include "api/constraint.h"
#include "store/value.h"
#include "wire/enum_names.h"
#include "wire/json.h"
#include "wire/json_types.h"

namespace dynamite {

// What an attribute map parameter holds; DynamoDB words value errors
// differently for each.
enum class AttributeMapRole {
  kItem,                       // Item: the message alone
  kKey,                        // Key: the message alone
  kExclusiveStartKey,          // "The provided starting key is invalid: ..."
  kExpressionAttributeValues,  // "ExpressionAttributeValues contains invalid
                               // value: ... for key :v"
};

class RequestReader {
 public:
  // REQUIRES: body.IsObject(); `body` outlives the reader.
  explicit RequestReader(const JsonValue& body) : body_(body) {}

  RequestReader(const RequestReader&) = delete;
  RequestReader& operator=(const RequestReader&) = delete;

  // The top-level member `name`, or nullptr if it is missing or null.
  const JsonValue* Member(absl::string_view name) const {
    return FindMember(body_, name);
  }
  // The member `name` of `object`, or nullptr if `object` is nullptr or the
  // member is missing or null.
  static const JsonValue* Member(const JsonValue* object,
                                 absl::string_view name) {
    return object == nullptr ? nullptr : FindMember(*object, name);
  }

  // Stage 1: typed reads. `value` may be nullptr (absent).
  std::optional<std::string> String(const JsonValue* value);
  std::optional<bool> Boolean(const JsonValue* value);
  std::optional<int64_t> Integer(const JsonValue* value);
  std::optional<int64_t> Long(const JsonValue* value);
  // Returns `value` if it is a JSON array, else nullptr.
  const JsonValue* List(const JsonValue* value);
  // Returns `value` if it is a JSON object, else nullptr.
  const JsonValue* Structure(const JsonValue* value, absl::string_view shape,
                             StructurePosition position);
  // Returns `value` if it is a JSON object, a map of string -> `value_type`
  // (a Java class name, as in CheckJsonMap()), else nullptr.
  const JsonValue* Map(const JsonValue* value, absl::string_view value_type);
  // One AttributeValue. Type errors are stage 1; a rejected value is stage
  // 4, with the message alone.
  std::optional<AttributeValue> Value(const JsonValue* value);
  // A map of attribute name -> AttributeValue. Type errors are stage 1;
  // rejected values are stage 4, worded for `role`.
  std::optional<AttributeMap> Attributes(const JsonValue* value,
                                         AttributeMapRole role);
  // A map of string -> string (ExpressionAttributeNames).
  std::optional<std::map<std::string, std::string>> StringMap(
      const JsonValue* value);

  // Stage 2: a required table-operation parameter.
  void Required(absl::string_view parameter, bool present);

  // Stage 3: "Value null at '<path>' ...: Member must not be null".
  void NotNull(absl::string_view path, bool present);
  // The TableName every operation but ListStreams requires: missing, it is
  // a stage-2 Required() error for the table operations and a stage-3
  // NotNull("tableName") for the others (api/constraint.h TableNameUse,
  // whose api check words the rest). Empty when absent or mistyped.
  std::string TableName(TableNameUse use);
  // Stage 3: maps `value` through `names`; an unknown value is a constraint
  // error listing the names in their order.
  template <typename E, size_t N>
  std::optional<E> Enum(const std::optional<std::string>& value,
                        absl::string_view path, const EnumName<E> (&names)[N]) {
    if (!value.has_value()) return std::nullopt;
    std::vector<absl::string_view> spellings;
    for (const EnumName<E>& name : names) {
      if (name.name == *value) return name.value;
      spellings.push_back(name.name);
    }
    EnumError(*value, path, spellings);
    return std::nullopt;
  }

  // Stage 3: an index name (3..255 characters of [a-zA-Z0-9_.-]), each
  // broken rule one constraint error at `path`.
  void IndexName(const std::optional<std::string>& value,
                 absl::string_view path);

  // Stage 4: a failed request check (the first one is kept).
  void Check(absl::Status status);

  // The error of the first stage that failed, or OK.
  absl::Status Finish() const;

 private:
  void TypeError(absl::Status status);
  void EnumError(absl::string_view value, absl::string_view path,
                 absl::Span<const absl::string_view> names);
  void Constraint(absl::string_view value, absl::string_view path,
                  absl::string_view rule);
  // Records one constraint violation; DynamoDB lists at most ten.
  void Violation(std::string violation);

  const JsonValue& body_;
  absl::Status type_error_;
  absl::Status required_error_;
  std::vector<std::string> constraint_errors_;
  absl::Status check_error_;
};

}  // namespace dynamite

#endif  // DYNAMITE_WIRE_REQUEST_READER_H_
