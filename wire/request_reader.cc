#include "wire/request_reader.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "api/constraint.h"
#include "common/constraint_error.h"
#include "common/errors.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// DynamoDB lists at most this many constraint errors in one message.
constexpr size_t kMaxConstraintErrors = 10;

// Index names: 3..255 characters (counted in bytes, as the api counts
// them) of [a-zA-Z0-9_.-] (reference §9.2).
constexpr size_t kMinIndexNameLength = 3;
constexpr size_t kMaxIndexNameLength = 255;

bool MatchesNamePattern(absl::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '_' &&
        c != '.' && c != '-') {
      return false;
    }
  }
  return true;
}

std::string WrapValueError(AttributeMapRole role, absl::string_view message,
                           absl::string_view attribute) {
  switch (role) {
    case AttributeMapRole::kItem:
    case AttributeMapRole::kKey:
      return std::string(message);
    case AttributeMapRole::kExclusiveStartKey:
      return absl::StrCat("The provided starting key is invalid: ", message);
    case AttributeMapRole::kExpressionAttributeValues:
      return absl::StrCat("ExpressionAttributeValues contains invalid value: ",
                          message, " for key ", attribute);
  }
  return std::string(message);
}

}  // namespace

std::optional<std::string> RequestReader::String(const JsonValue* value) {
  if (value == nullptr) return std::nullopt;
  absl::StatusOr<absl::string_view> s = JsonToString(*value);
  if (!s.ok()) {
    TypeError(s.status());
    return std::nullopt;
  }
  return std::string(*s);
}

std::optional<bool> RequestReader::Boolean(const JsonValue* value) {
  if (value == nullptr) return std::nullopt;
  absl::StatusOr<bool> b = JsonToBoolean(*value);
  if (!b.ok()) {
    TypeError(b.status());
    return std::nullopt;
  }
  return *b;
}

std::optional<int64_t> RequestReader::Integer(const JsonValue* value) {
  if (value == nullptr) return std::nullopt;
  absl::StatusOr<int64_t> n = JsonToInteger(*value);
  if (!n.ok()) {
    TypeError(n.status());
    return std::nullopt;
  }
  return *n;
}

std::optional<int64_t> RequestReader::Long(const JsonValue* value) {
  if (value == nullptr) return std::nullopt;
  absl::StatusOr<int64_t> n = JsonToLong(*value);
  if (!n.ok()) {
    TypeError(n.status());
    return std::nullopt;
  }
  return *n;
}

const JsonValue* RequestReader::List(const JsonValue* value) {
  if (value == nullptr) return nullptr;
  absl::Status status = CheckJsonList(*value);
  if (!status.ok()) {
    TypeError(std::move(status));
    return nullptr;
  }
  return value;
}

const JsonValue* RequestReader::Structure(const JsonValue* value,
                                          absl::string_view shape,
                                          StructurePosition position) {
  if (value == nullptr) return nullptr;
  absl::Status status = CheckJsonStructure(*value, shape, position);
  if (!status.ok()) {
    TypeError(std::move(status));
    return nullptr;
  }
  return value;
}

const JsonValue* RequestReader::Map(const JsonValue* value,
                                    absl::string_view value_type) {
  if (value == nullptr) return nullptr;
  absl::Status status = CheckJsonMap(*value, value_type);
  if (!status.ok()) {
    TypeError(std::move(status));
    return nullptr;
  }
  return value;
}

std::optional<AttributeValue> RequestReader::Value(const JsonValue* value) {
  if (value == nullptr) return std::nullopt;
  ValueErrors errors;
  AttributeValue decoded = DecodeAttributeValue(*value, errors);
  if (!errors.serialization.ok()) {
    TypeError(errors.serialization);
    return std::nullopt;
  }
  if (!errors.validation.ok()) {
    Check(errors.validation);
    return std::nullopt;
  }
  return decoded;
}

std::optional<AttributeMap> RequestReader::Attributes(const JsonValue* value,
                                                      AttributeMapRole role) {
  if (value == nullptr) return std::nullopt;
  ValueErrors errors;
  AttributeMap map = DecodeAttributeMap(*value, errors);
  if (!errors.serialization.ok()) {
    TypeError(errors.serialization);
    return std::nullopt;
  }
  if (!errors.validation.ok()) {
    Check(MakeError(ErrorKindOf(errors.validation),
                    WrapValueError(role, errors.validation.message(),
                                   errors.validation_attribute)));
    return std::nullopt;
  }
  return map;
}

std::optional<std::map<std::string, std::string>> RequestReader::StringMap(
    const JsonValue* value) {
  if (value == nullptr) return std::nullopt;
  absl::Status status = CheckJsonMap(*value, "java.lang.String");
  if (!status.ok()) {
    TypeError(std::move(status));
    return std::nullopt;
  }
  std::map<std::string, std::string> map;
  for (auto it = value->MemberBegin(); it != value->MemberEnd(); ++it) {
    if (it->value.IsNull()) continue;
    std::optional<std::string> s = String(&it->value);
    if (!s.has_value()) return std::nullopt;
    map.insert_or_assign(std::string(JsonString(it->name)), *std::move(s));
  }
  return map;
}

void RequestReader::Required(absl::string_view parameter, bool present) {
  if (present || !required_error_.ok()) return;
  required_error_ = ValidationError(
      absl::StrCat("The parameter '", parameter,
                   "' is required but was not present in the request"));
}

void RequestReader::NotNull(absl::string_view path, bool present) {
  if (!present) Violation(NullViolation(path));
}

std::string RequestReader::TableName(TableNameUse use) {
  const JsonValue* member = Member("TableName");
  if (use == TableNameUse::kTableOperation) {
    Required("TableName", member != nullptr);
  } else {
    NotNull("tableName", member != nullptr);
  }
  return String(member).value_or("");
}

// The length rules come before the pattern, as a live capture of an
// UpdateTable with an empty index name shows (and as the api orders them
// for CreateTable's index names); dynalite's older recordings list the
// pattern first.
void RequestReader::IndexName(const std::optional<std::string>& value,
                              absl::string_view path) {
  if (!value.has_value()) return;
  if (value->size() < kMinIndexNameLength) {
    Constraint(*value, path,
               "Member must have length greater than or equal to 3");
  }
  if (value->size() > kMaxIndexNameLength) {
    Constraint(*value, path,
               "Member must have length less than or equal to 255");
  }
  if (!MatchesNamePattern(*value)) {
    Constraint(*value, path,
               "Member must satisfy regular expression pattern: "
               "[a-zA-Z0-9_.-]+");
  }
}

void RequestReader::Check(absl::Status status) {
  if (check_error_.ok()) check_error_ = std::move(status);
}

absl::Status RequestReader::Finish() const {
  if (!type_error_.ok()) return type_error_;
  if (!required_error_.ok()) return required_error_;
  if (!constraint_errors_.empty()) {
    return ConstraintError(constraint_errors_);
  }
  return check_error_;
}

void RequestReader::TypeError(absl::Status status) {
  if (type_error_.ok()) type_error_ = std::move(status);
}

void RequestReader::EnumError(absl::string_view value, absl::string_view path,
                              absl::Span<const absl::string_view> names) {
  Constraint(value, path,
             absl::StrCat("Member must satisfy enum value set: [",
                          absl::StrJoin(names, ", "), "]"));
}

void RequestReader::Constraint(absl::string_view value, absl::string_view path,
                               absl::string_view rule) {
  Violation(ConstraintViolation(value, path, rule));
}

void RequestReader::Violation(std::string violation) {
  if (constraint_errors_.size() >= kMaxConstraintErrors) return;
  constraint_errors_.push_back(std::move(violation));
}

}  // namespace dynamite
