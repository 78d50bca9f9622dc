// A libFuzzer target for the expression parsers (query/parser.h,
// query/key_condition.h) and for the code that runs what they accept
// (query/evaluate.h, query/update.h, query/projection.h, query/key_range.h).
//
// The contract under test: any text either compiles or is rejected with a
// ValidationException, and whatever compiles can be evaluated, applied or
// projected without crashing. Any other error kind is reported on stderr and
// aborts, so libFuzzer saves the input; sanitizer reports do the same.
//
// Input format (the seed corpus in fuzz/corpus/ starts with ASCII digits):
//
//   input     := kind_byte expression_text
//   kind_byte := byte % 4 selects the kind; bit 2 picks ConditionExpression
//                or FilterExpression for kind 0 (both read the same grammar
//                and differ only in their messages):
//                '0' ConditionExpression   '1' KeyConditionExpression
//                '2' ProjectionExpression  '3' UpdateExpression
//                '4' FilterExpression
//
// Every input gets a fresh Placeholders over the same names and values, and
// a compiled expression runs against one fixed item with nested maps, lists
// and sets, and against a missing item. Conditions and updates are also
// compiled through one long-lived ExpressionCache (query/
// expression_cache.h), which must answer exactly as the fresh parse did:
// the same status, the same tree, the same unused placeholders.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "common/errors.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/evaluate.h"
#include "query/expression_cache.h"
#include "query/key_condition.h"
#include "query/key_range.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"
#include "query/update.h"
#include "store/item.h"
#include "store/key.h"
#include "store/number.h"
#include "store/value.h"

namespace dynamite {
namespace {

// ExpressionAttributeNames. #n stands for the top-level attribute "a.b",
// not a path.
const std::map<std::string, std::string>& FuzzNames() {
  static const auto* names = new std::map<std::string, std::string>{
      {"#a", "a"}, {"#b", "b"}, {"#n", "a.b"}};
  return *names;
}

Number ParsedNumber(absl::string_view text) {
  return Number::Parse(text).value();
}

// ExpressionAttributeValues: one of each type a request commonly sends. :s
// is "S" so that attribute_type(path, :s) is valid too.
const AttributeMap& FuzzValues() {
  static const auto* values = new AttributeMap{
      {":s", AttributeValue::S("S")},
      {":n", AttributeValue::N(ParsedNumber("2.5"))},
      {":b", AttributeValue::B(std::string("\x00\xff", 2))},
      {":l", AttributeValue::L({AttributeValue::S("x"),
                                AttributeValue::N(Number::FromInt(1))})},
      {":m", AttributeValue::M({{"k", AttributeValue::S("v")}})},
      {":ss", AttributeValue::SS({"S", "x"})},
      {":ns", AttributeValue::NS({Number::FromInt(1), ParsedNumber("2.5")})},
      {":t", AttributeValue::Bool(true)},
      {":z", AttributeValue::Null()},
  };
  return *values;
}

// The table's key schema: partition key "a" (S), sort key "b" (S), so that
// key conditions reach begins_with and PrefixSuccessor().
const KeySchema& FuzzSchema() {
  static const auto* schema =
      new KeySchema{.partition_key = {.name = "a", .type = KeyType::kS},
                    .sort_key = KeyAttribute{.name = "b", .type = KeyType::kS}};
  return *schema;
}

// The key of FuzzItem().
const Item& FuzzKey() {
  static const auto* key = new Item{{"a", AttributeValue::S("Sam")},
                                    {"b", AttributeValue::S("bee")}};
  return *key;
}

// An item with every value type, nested maps and lists, and attribute names
// the fuzzer finds quickly (the dictionary lists them).
const Item& FuzzItem() {
  static const auto* item = [] {
    auto* item = new Item(FuzzKey());
    const AttributeValue inner_map =
        AttributeValue::M({{"a", AttributeValue::N(Number::FromInt(4))},
                           {"ss", AttributeValue::SS({"p", "q"})},
                           {"l", AttributeValue::L({AttributeValue::Null()})}});
    item->emplace("a.b", AttributeValue::S("dotted"));
    item->emplace(
        "c", AttributeValue::M(
                 {{"d", AttributeValue::L({AttributeValue::N(ParsedNumber("1")),
                                           AttributeValue::S("x"), inner_map})},
                  {"f", AttributeValue::Bool(true)},
                  {"g", AttributeValue::Null()}}));
    item->emplace("e", AttributeValue::S(""));
    item->emplace(
        "l", AttributeValue::L(
                 {AttributeValue::S("s"), AttributeValue::N(ParsedNumber("-2")),
                  AttributeValue::B(std::string("\x00\xff", 2)),
                  AttributeValue::L({AttributeValue::N(Number::FromInt(3))}),
                  inner_map}));
    item->emplace(
        "m", AttributeValue::M(
                 {{"a", AttributeValue::M({{"b", AttributeValue::S("deep")}})},
                  {"n", AttributeValue::NS(
                            {Number::FromInt(1), ParsedNumber("2.5")})}}));
    item->emplace("n", AttributeValue::N(ParsedNumber("9.99E+125")));
    item->emplace("ss", AttributeValue::SS({"S", "x"}));
    item->emplace("ns",
                  AttributeValue::NS({Number::FromInt(1), Number::FromInt(2)}));
    item->emplace("bs", AttributeValue::BS({"\x01", "\x02"}));
    item->emplace("t", AttributeValue::Bool(false));
    item->emplace("z", AttributeValue::Null());
    return item;
  }();
  return *item;
}

// Aborts unless `status` is OK or a ValidationException: the one error kind
// an expression may produce.
void CheckValidation(const absl::Status& status, const char* step,
                     absl::string_view text) {
  if (status.ok() || ErrorKindOf(status) == ErrorKind::kValidation) return;
  const absl::string_view kind = ErrorName(ErrorKindOf(status));
  std::fprintf(stderr,
               "expression_fuzzer: %s returned %.*s, not a "
               "ValidationException: %s\nexpression (%zu bytes): %.*s\n",
               step, static_cast<int>(kind.size()), kind.data(),
               status.ToString().c_str(), text.size(),
               static_cast<int>(text.size()), text.data());
  std::abort();
}

// The cache every input also compiles through; across inputs it holds
// trees of earlier texts, so hits with the inputs' values happen.
ExpressionCache& FuzzCache() {
  static ExpressionCache* const cache = new ExpressionCache(1024);
  return *cache;
}

void Mismatch(const char* what, absl::string_view text) {
  std::fprintf(stderr,
               "expression_fuzzer: the expression cache's %s differs from a "
               "fresh parse's\nexpression (%zu bytes): %.*s\n",
               what, text.size(), static_cast<int>(text.size()), text.data());
  std::abort();
}

// Compiles `text` through the cache with its own Placeholders and aborts
// unless the answer is a fresh parse's: `fresh` and `fresh_placeholders`.
template <typename Tree, typename Compile>
void CheckCacheAgrees(const absl::StatusOr<Tree>& fresh,
                      const Placeholders& fresh_placeholders,
                      absl::string_view text, const Compile& compile) {
  Placeholders placeholders(&FuzzNames(), &FuzzValues());
  auto cached = compile(placeholders);
  if (cached.status() != fresh.status()) Mismatch("status", text);
  if (cached.ok() && !(cached->tree() == *fresh)) Mismatch("tree", text);
  if (placeholders.CheckAllUsed() != fresh_placeholders.CheckAllUsed()) {
    Mismatch("unused placeholders", text);
  }
}

void FuzzCondition(absl::string_view text, ExpressionKind kind) {
  Placeholders placeholders(&FuzzNames(), &FuzzValues());
  absl::StatusOr<Condition> condition =
      ParseCondition(text, kind, placeholders);
  CheckValidation(condition.status(), "ParseCondition", text);
  CheckValidation(placeholders.CheckAllUsed(), "CheckAllUsed", text);
  CheckCacheAgrees(condition, placeholders, text, [&](Placeholders& p) {
    return FuzzCache().CompileCondition(text, kind, p);
  });
  if (!condition.ok()) return;
  const BoundCondition bound = BindParsed(*std::move(condition), placeholders);
  EvaluateCondition(bound.tree(), bound.values(), FuzzItem());
  EvaluateCondition(bound.tree(), bound.values(), Item());
  if (kind != ExpressionKind::kKeyConditionExpression) return;
  absl::StatusOr<KeyConditionTermList> terms =
      KeyConditionTerms(bound.tree(), bound.values());
  CheckValidation(terms.status(), "KeyConditionTerms", text);
  if (!terms.ok()) return;
  absl::StatusOr<KeyCondition> key = BindKeyCondition(*terms, FuzzSchema());
  CheckValidation(key.status(), "BindKeyCondition", text);
  if (!key.ok()) return;
  PlanKeyRange(key->sort);
}

void FuzzProjection(absl::string_view text) {
  Placeholders placeholders(&FuzzNames(), &FuzzValues());
  absl::StatusOr<std::vector<DocumentPath>> paths =
      ParseProjection(text, placeholders);
  CheckValidation(paths.status(), "ParseProjection", text);
  CheckValidation(placeholders.CheckAllUsed(), "CheckAllUsed", text);
  if (!paths.ok()) return;
  CheckValidation(CheckPathsDisjoint(*paths, "Invalid ProjectionExpression: "),
                  "CheckPathsDisjoint", text);
  // ProjectItem() tolerates overlapping paths, so it runs either way.
  ProjectItem(FuzzItem(), *paths);
}

// Applies `update` to `current` (nullptr: a missing item) and reads the
// ReturnValues shapes from the result.
void FuzzApplyUpdate(const BoundUpdate& update, const Item* current,
                     absl::string_view text) {
  absl::StatusOr<UpdateResult> result =
      ApplyUpdate(update.tree(), update.values(), current, FuzzKey());
  CheckValidation(result.status(), "ApplyUpdate", text);
  if (!result.ok()) return;
  UpdatedAttributes(update.tree(), current);
  UpdatedAttributes(update.tree(),
                    result->item.has_value() ? &*result->item : nullptr);
}

void FuzzUpdate(absl::string_view text) {
  Placeholders placeholders(&FuzzNames(), &FuzzValues());
  absl::StatusOr<UpdateExpression> update = ParseUpdate(text, placeholders);
  CheckValidation(update.status(), "ParseUpdate", text);
  CheckValidation(placeholders.CheckAllUsed(), "CheckAllUsed", text);
  CheckCacheAgrees(update, placeholders, text, [&](Placeholders& p) {
    return FuzzCache().CompileUpdate(text, p);
  });
  if (!update.ok()) return;
  const BoundUpdate bound = BindParsed(*std::move(update), placeholders);
  CheckValidation(CheckUpdateKeepsKey(bound.tree(), FuzzSchema()),
                  "CheckUpdateKeepsKey", text);
  FuzzApplyUpdate(bound, &FuzzItem(), text);
  FuzzApplyUpdate(bound, nullptr, text);
}

// Runs one fuzzer input; see the file comment for its format.
void FuzzOneInput(uint8_t kind_byte, absl::string_view text) {
  switch (kind_byte % 4) {
    case 0:
      FuzzCondition(text, (kind_byte & 4) != 0
                              ? ExpressionKind::kFilterExpression
                              : ExpressionKind::kConditionExpression);
      break;
    case 1:
      FuzzCondition(text, ExpressionKind::kKeyConditionExpression);
      break;
    case 2:
      FuzzProjection(text);
      break;
    default:
      FuzzUpdate(text);
      break;
  }
}

}  // namespace
}  // namespace dynamite

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  dynamite::FuzzOneInput(
      data[0],
      absl::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
  return 0;
}
