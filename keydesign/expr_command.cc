#include "keydesign/expr_command.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "absl/types/span.h"

#include "common/status_macros.h"
#include "keydesign/expression_builder.h"
#include "keydesign/expression_json.h"
#include "keydesign/key_window.h"
#include "keydesign/timestamp_key.h"
#include "store/number.h"
#include "wire/json.h"
#include "wire/value_json.h"

namespace dynamite {
namespace {

// The one condition on the sort key, as given on the command line.
struct SortKeySelector {
  std::string flag;  // "--eq", "--between", "--day", "--from", ...
  std::vector<std::string> values;
};

struct ExprFlags {
  std::string table;
  std::optional<std::string> partition_key;  // NAME=VALUE
  std::optional<std::string> sort_key;
  std::string sort_key_type = "S";
  std::optional<SortKeySelector> selector;
  std::optional<std::string> to;  // with --from
  std::optional<std::string> prefix, precision, suffix;
  std::vector<std::string> filters, conditions;
  std::vector<std::pair<std::string, std::string>> updates;  // flag, text
  bool compact = false;
};

absl::Status Usage(absl::string_view message) {
  return absl::InvalidArgumentError(message);
}

// Flags taking one value; --between takes two, --compact none.
bool TakesValue(absl::string_view flag) {
  for (absl::string_view f :
       {"--table",     "--pk",     "--sk",     "--sk-type",   "--eq",
        "--lt",        "--le",     "--gt",     "--ge",        "--begins-with",
        "--day",       "--month",  "--from",   "--to",        "--prefix",
        "--precision", "--suffix", "--filter", "--condition", "--set",
        "--add",       "--remove"}) {
    if (flag == f) return true;
  }
  return false;
}

absl::Status SetOnce(std::optional<std::string>& field, absl::string_view flag,
                     std::string value) {
  if (field.has_value()) return Usage(absl::StrCat(flag, " is given twice"));
  field = std::move(value);
  return absl::OkStatus();
}

absl::Status SetSelector(ExprFlags& flags, absl::string_view flag,
                         std::vector<std::string> values) {
  if (flags.selector.has_value()) {
    return Usage(absl::StrCat("A query takes one sort-key selector; ",
                              flags.selector->flag, " and ", flag,
                              " were both given"));
  }
  flags.selector = SortKeySelector{std::string(flag), std::move(values)};
  return absl::OkStatus();
}

// Applies one flag with its value(s) to `flags`.
absl::Status ApplyFlag(ExprFlags& flags, absl::string_view flag,
                       std::vector<std::string> values) {
  std::string& value = values.front();
  if (flag == "--table") {
    flags.table = value;
  } else if (flag == "--pk") {
    return SetOnce(flags.partition_key, flag, value);
  } else if (flag == "--sk") {
    return SetOnce(flags.sort_key, flag, value);
  } else if (flag == "--sk-type") {
    if (value != "S" && value != "N") return Usage("--sk-type is S or N");
    flags.sort_key_type = value;
  } else if (flag == "--to") {
    return SetOnce(flags.to, flag, value);
  } else if (flag == "--prefix") {
    return SetOnce(flags.prefix, flag, value);
  } else if (flag == "--precision") {
    return SetOnce(flags.precision, flag, value);
  } else if (flag == "--suffix") {
    return SetOnce(flags.suffix, flag, value);
  } else if (flag == "--filter") {
    flags.filters.push_back(value);
  } else if (flag == "--condition") {
    flags.conditions.push_back(value);
  } else if (flag == "--set" || flag == "--add" || flag == "--remove") {
    flags.updates.emplace_back(std::string(flag), value);
  } else {  // a sort-key selector
    return SetSelector(flags, flag, std::move(values));
  }
  return absl::OkStatus();
}

absl::StatusOr<ExprFlags> ParseFlags(absl::Span<const std::string> args) {
  ExprFlags flags;
  for (size_t i = 0; i < args.size(); ++i) {
    absl::string_view flag = args[i];
    std::optional<std::string> inline_value;
    if (absl::StartsWith(flag, "--")) {
      if (size_t eq = flag.find('='); eq != absl::string_view::npos) {
        inline_value = std::string(flag.substr(eq + 1));
        flag = flag.substr(0, eq);
      }
    }
    if (flag == "--compact" && !inline_value.has_value()) {
      flags.compact = true;
      continue;
    }
    const size_t arity = flag == "--between" ? 2 : TakesValue(flag) ? 1 : 0;
    if (arity == 0) return Usage(absl::StrCat("expr: unknown option ", flag));
    std::vector<std::string> values;
    if (inline_value.has_value()) {
      if (arity != 1) return Usage(absl::StrCat(flag, " needs two values"));
      values.push_back(*inline_value);
    } else {
      if (i + arity >= args.size()) {
        return Usage(absl::StrCat(
            flag, arity == 1 ? " needs a value" : " needs two values"));
      }
      for (size_t k = 0; k < arity; ++k) values.push_back(args[++i]);
    }
    DYNAMITE_RETURN_IF_ERROR(ApplyFlag(flags, flag, std::move(values)));
  }
  return flags;
}

// An S, or a DynamoDB JSON AttributeValue when `text` starts with '{'.
absl::StatusOr<AttributeValue> ParseValue(absl::string_view text,
                                          absl::string_view what) {
  if (!absl::StartsWith(text, "{")) return AttributeValue::S(std::string(text));
  absl::StatusOr<AttributeValue> value = AttributeValueFromJson(text);
  if (!value.ok()) {
    return Usage(absl::StrCat(
        what, ": ", text, " is not a DynamoDB JSON value like {\"N\":\"42\"}",
        value.status().message().empty() ? "" : ": ",
        value.status().message()));
  }
  return value;
}

// NAME=VALUE, split at the first '='.
absl::StatusOr<std::pair<std::string, AttributeValue>> ParseAssignment(
    absl::string_view text, absl::string_view flag) {
  size_t eq = text.find('=');
  if (eq == absl::string_view::npos || eq == 0) {
    return Usage(absl::StrCat(flag, " needs NAME=VALUE, not \"", text, "\""));
  }
  DYNAMITE_ASSIGN_OR_RETURN(AttributeValue value,
                            ParseValue(text.substr(eq + 1), flag));
  return std::make_pair(std::string(text.substr(0, eq)), std::move(value));
}

// The text between `name(` and `)`, if `text` has that form.
std::optional<absl::string_view> FunctionArgument(absl::string_view text,
                                                  absl::string_view name) {
  if (!absl::ConsumePrefix(&text, name) || !absl::ConsumePrefix(&text, "(") ||
      !absl::ConsumeSuffix(&text, ")")) {
    return std::nullopt;
  }
  return text;
}

absl::StatusOr<ConditionTerm> ParseConditionFlag(absl::string_view text,
                                                 absl::string_view flag) {
  if (auto arg = FunctionArgument(text, "attribute_exists")) {
    return ExistsTerm{std::string(*arg)};
  }
  if (auto arg = FunctionArgument(text, "attribute_not_exists")) {
    return NotExistsTerm{std::string(*arg)};
  }
  if (auto arg = FunctionArgument(text, "begins_with")) {
    size_t comma = arg->find(',');
    if (comma == absl::string_view::npos) {
      return Usage(absl::StrCat(flag, " begins_with needs (NAME,PREFIX)"));
    }
    DYNAMITE_ASSIGN_OR_RETURN(AttributeValue prefix,
                              ParseValue(arg->substr(comma + 1), flag));
    return BeginsWithTerm{std::string(arg->substr(0, comma)),
                          std::move(prefix)};
  }
  size_t pos = text.find_first_of("<>=");
  if (pos == absl::string_view::npos || pos == 0) {
    return Usage(absl::StrCat(
        flag, " needs NAME<op>VALUE or a function, not \"", text, "\""));
  }
  static constexpr std::pair<absl::string_view, CompareOp> kOps[] = {
      {"<>", CompareOp::kNotEqual},
      {"<=", CompareOp::kLessOrEqual},
      {">=", CompareOp::kGreaterOrEqual},
      {"=", CompareOp::kEqual},
      {"<", CompareOp::kLess},
      {">", CompareOp::kGreater}};
  absl::string_view rest = text.substr(pos);
  for (const auto& [op_text, op] : kOps) {
    if (absl::ConsumePrefix(&rest, op_text)) {
      DYNAMITE_ASSIGN_OR_RETURN(AttributeValue value, ParseValue(rest, flag));
      return CompareTerm{std::string(text.substr(0, pos)), op,
                         std::move(value)};
    }
  }
  return Usage(absl::StrCat(flag, ": no operator in \"", text, "\""));
}

bool IsWindow(absl::string_view flag) {
  return flag == "--day" || flag == "--month" || flag == "--from";
}

// A sort-key selector's value: an N for --sk-type N, else --prefix + text.
absl::StatusOr<AttributeValue> SortKeyValue(const ExprFlags& flags,
                                            absl::string_view text) {
  if (flags.sort_key_type == "S") {
    return AttributeValue::S(absl::StrCat(flags.prefix.value_or(""), text));
  }
  if (flags.prefix.has_value()) {
    return Usage("--prefix applies to S sort keys only");
  }
  absl::StatusOr<Number> number = Number::Parse(text);
  if (!number.ok()) {
    return Usage(absl::StrCat("\"", text, "\" is not a number (--sk-type N)"));
  }
  return AttributeValue::N(*std::move(number));
}

// The day as a date: exactly YYYY-MM-DD; the month: exactly YYYY-MM.
absl::StatusOr<absl::Time> ParseCalendar(absl::string_view flag,
                                         absl::string_view text) {
  const bool month = flag == "--month";
  absl::StatusOr<absl::Time> start =
      ParseInstant(month ? absl::StrCat(text, "-01") : std::string(text));
  if (text.size() != (month ? 7u : 10u) || !start.ok()) {
    return Usage(absl::StrCat(flag, " needs ", month ? "YYYY-MM" : "YYYY-MM-DD",
                              ", not \"", text, "\""));
  }
  return start;
}

// BETWEEN bounds for --day, --month or --from/--to (keydesign/key_window.h).
absl::StatusOr<KeyBounds> WindowBounds(const ExprFlags& flags) {
  const SortKeySelector& selector = *flags.selector;
  if (!flags.precision.has_value()) {
    // No default: bounds at the wrong precision miss items (key_window.h).
    return Usage(absl::StrCat(selector.flag,
                              " needs --precision s|ms: the precision of the "
                              "timestamps in the stored keys"));
  }
  if (flags.sort_key_type != "S") {
    return Usage(absl::StrCat(selector.flag, " needs an S sort key"));
  }
  DYNAMITE_ASSIGN_OR_RETURN(TimestampPrecision precision,
                            ParsePrecision(*flags.precision));
  TimestampKeyShape shape{.prefix = flags.prefix.value_or(""),
                          .precision = precision,
                          .max_suffix = flags.suffix.value_or("")};
  absl::StatusOr<KeyBounds> bounds;
  if (selector.flag == "--from") {
    if (!flags.to.has_value()) return Usage("--from needs --to");
    DYNAMITE_ASSIGN_OR_RETURN(absl::Time from,
                              ParseInstant(selector.values[0]));
    DYNAMITE_ASSIGN_OR_RETURN(absl::Time to, ParseInstant(*flags.to));
    bounds = TimeWindowBounds(from, to, shape);
  } else {
    DYNAMITE_ASSIGN_OR_RETURN(absl::Time start,
                              ParseCalendar(selector.flag, selector.values[0]));
    bounds = selector.flag == "--day"
                 ? DayWindowBounds(absl::ToCivilDay(start, absl::UTCTimeZone()),
                                   shape)
                 : MonthWindowBounds(
                       absl::ToCivilMonth(start, absl::UTCTimeZone()), shape);
  }
  if (!bounds.ok()) {
    return Usage(absl::StrCat(selector.flag, ": ", bounds.status().message()));
  }
  return bounds;
}

// Rejects window-only and selector-only flags given without their selector.
absl::Status CheckSelectorFlags(const ExprFlags& flags) {
  const bool window =
      flags.selector.has_value() && IsWindow(flags.selector->flag);
  if (!window && (flags.precision.has_value() || flags.suffix.has_value())) {
    return Usage(
        "--precision and --suffix go with a time window: --day, --month or "
        "--from/--to");
  }
  if (flags.to.has_value() &&
      (!flags.selector.has_value() || flags.selector->flag != "--from")) {
    return Usage("--to goes with --from");
  }
  if (!flags.selector.has_value()) {
    if (flags.sort_key.has_value()) {
      return Usage(
          "--sk needs a selector: --eq, --lt, --le, --gt, --ge, "
          "--between, --begins-with, --day, --month or --from/--to");
    }
    if (flags.prefix.has_value()) return Usage("--prefix needs a selector");
  } else if (!flags.sort_key.has_value()) {
    return Usage(absl::StrCat(flags.selector->flag, " needs --sk NAME"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::optional<SortKeyTerm>> SortKeyTermFor(
    const ExprFlags& flags) {
  DYNAMITE_RETURN_IF_ERROR(CheckSelectorFlags(flags));
  if (!flags.selector.has_value()) return std::nullopt;
  const SortKeySelector& selector = *flags.selector;
  const std::string& name = *flags.sort_key;
  if (IsWindow(selector.flag)) {
    DYNAMITE_ASSIGN_OR_RETURN(KeyBounds bounds, WindowBounds(flags));
    return BetweenTerm{name, AttributeValue::S(std::move(bounds.lower)),
                       AttributeValue::S(std::move(bounds.upper))};
  }
  DYNAMITE_ASSIGN_OR_RETURN(AttributeValue first,
                            SortKeyValue(flags, selector.values[0]));
  if (selector.flag == "--between") {
    DYNAMITE_ASSIGN_OR_RETURN(AttributeValue second,
                              SortKeyValue(flags, selector.values[1]));
    return BetweenTerm{name, std::move(first), std::move(second)};
  }
  if (selector.flag == "--begins-with") {
    return BeginsWithTerm{name, std::move(first)};
  }
  static constexpr std::pair<absl::string_view, CompareOp> kComparisons[] = {
      {"--eq", CompareOp::kEqual},
      {"--lt", CompareOp::kLess},
      {"--le", CompareOp::kLessOrEqual},
      {"--gt", CompareOp::kGreater},
      {"--ge", CompareOp::kGreaterOrEqual}};
  CompareOp op = CompareOp::kEqual;
  for (const auto& [flag, comparator] : kComparisons) {
    if (selector.flag == flag) op = comparator;
  }
  return CompareTerm{name, op, std::move(first)};
}

absl::StatusOr<ExpressionSpec> ToRequest(const ExprFlags& flags) {
  ExpressionSpec request;
  DYNAMITE_ASSIGN_OR_RETURN(std::optional<SortKeyTerm> sort_key,
                            SortKeyTermFor(flags));
  if (flags.partition_key.has_value()) {
    DYNAMITE_ASSIGN_OR_RETURN(auto pk,
                              ParseAssignment(*flags.partition_key, "--pk"));
    request.key_condition =
        KeyConditionSpec{.partition_key = std::move(pk.first),
                         .partition_value = std::move(pk.second),
                         .sort_key = std::move(sort_key)};
  } else if (sort_key.has_value()) {
    return Usage("--sk needs --pk NAME=VALUE: a Query names its partition");
  }
  for (const std::string& text : flags.filters) {
    DYNAMITE_ASSIGN_OR_RETURN(ConditionTerm c,
                              ParseConditionFlag(text, "--filter"));
    request.filter.push_back(std::move(c));
  }
  for (const std::string& text : flags.conditions) {
    DYNAMITE_ASSIGN_OR_RETURN(ConditionTerm c,
                              ParseConditionFlag(text, "--condition"));
    request.condition.push_back(std::move(c));
  }
  for (const auto& [flag, text] : flags.updates) {
    if (flag == "--remove") {
      request.update.push_back(RemoveTerm{text});
      continue;
    }
    DYNAMITE_ASSIGN_OR_RETURN(auto assignment, ParseAssignment(text, flag));
    auto& [name, value] = assignment;
    if (flag == "--set") {
      request.update.push_back(SetTerm{std::move(name), std::move(value)});
    } else {
      request.update.push_back(AddTerm{std::move(name), std::move(value)});
    }
  }
  return request;
}

}  // namespace

absl::StatusOr<std::string> RunExprCommand(absl::Span<const std::string> args) {
  DYNAMITE_ASSIGN_OR_RETURN(ExprFlags flags, ParseFlags(args));
  DYNAMITE_ASSIGN_OR_RETURN(ExpressionSpec request, ToRequest(flags));
  absl::StatusOr<BuiltExpressions> built = BuildExpressions(request);
  if (!built.ok()) return Usage(built.status().message());
  std::string json = ExpressionsToJson(*built, flags.table);
  if (!flags.compact) json = PrettyJson(json);
  return absl::StrCat(json, "\n");
}

}  // namespace dynamite
