// ExpressionCache: a cached tree is reused with each request's own values,
// and whatever a request sends, compiling through the cache answers exactly
// as a fresh parse does — the same tree and values, or the same error, and
// the same unused-placeholder verdict.

#include "query/expression_cache.h"

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "common/errors.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/evaluate.h"
#include "query/key_condition.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/update.h"
#include "store/item.h"
#include "store/value.h"
#include "tests/query/expression_generator.h"
#include "tests/query/parser_test_support.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::ExpressionGenerator;
using ::dynamite::testing::IsError;
using ::dynamite::testing::IsOk;
using ::dynamite::testing::Mutate;
using ::dynamite::testing::NumberValue;
using ::dynamite::testing::TestNames;
using ::dynamite::testing::TestValues;
using ::testing::ElementsAre;

AttributeValue S(const char* s) { return AttributeValue::S(s); }
AttributeValue N(const char* n) { return NumberValue(n); }

using Names = std::map<std::string, std::string>;
constexpr ErrorKind kValidation = ErrorKind::kValidation;

TEST(ExpressionCacheTest, ReusesTheTreeWithEachRequestsValues) {
  ExpressionCache cache;
  const Names names = {{"#s", "score"}};
  const AttributeMap low = {{":lo", N("1")}, {":hi", N("5")}};
  const AttributeMap high = {{":lo", N("6")}, {":hi", N("9")}};
  const Item item = {{"score", N("7")}};

  Placeholders first(&names, &low);
  absl::StatusOr<BoundCondition> a = cache.CompileCondition(
      "#s BETWEEN :lo AND :hi", ExpressionKind::kFilterExpression, first);
  Placeholders second(&names, &high);
  absl::StatusOr<BoundCondition> b = cache.CompileCondition(
      "#s BETWEEN :lo AND :hi", ExpressionKind::kFilterExpression, second);

  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(a->shared_tree(), b->shared_tree());
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_FALSE(EvaluateCondition(a->tree(), a->values(), item));
  EXPECT_TRUE(EvaluateCondition(b->tree(), b->values(), item));
  EXPECT_THAT(first.CheckAllUsed(), IsOk());
  EXPECT_THAT(second.CheckAllUsed(), IsOk());
}

TEST(ExpressionCacheTest, KeyConditionTermsBindEachRequestsValues) {
  ExpressionCache cache;
  const AttributeMap first_values = {
      {":p", S("a")}, {":lo", N("1")}, {":hi", N("5")}};
  const AttributeMap second_values = {
      {":p", S("b")}, {":lo", N("6")}, {":hi", N("9")}};
  const std::string text = "pk = :p AND :lo <= sk";

  Placeholders first(nullptr, &first_values);
  absl::StatusOr<ExpressionCache::KeyConditionParts> a =
      cache.CompileKeyCondition(text, first);
  Placeholders second(nullptr, &second_values);
  absl::StatusOr<ExpressionCache::KeyConditionParts> b =
      cache.CompileKeyCondition(text, second);

  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(a->condition.shared_tree(), b->condition.shared_tree());
  ASSERT_EQ(b->terms.size(), 2u);
  EXPECT_EQ(b->terms[0].attribute, "pk");
  EXPECT_EQ(b->terms[0].op, SortKeyCondition::Op::kEq);
  EXPECT_THAT(b->terms[0].values, ElementsAre(&second_values.at(":p")));
  EXPECT_EQ(b->terms[1].attribute, "sk");
  EXPECT_EQ(b->terms[1].op, SortKeyCondition::Op::kGe);  // `:lo <= sk`
  EXPECT_THAT(b->terms[1].values, ElementsAre(&second_values.at(":lo")));
  EXPECT_THAT(a->terms[0].values, ElementsAre(&first_values.at(":p")));
  // :hi is not in the condition.
  EXPECT_THAT(second.CheckAllUsed(),
              IsError(kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:hi}"));
}

TEST(ExpressionCacheTest, KeyConditionShapeErrorsRepeatOnAHit) {
  ExpressionCache cache;
  const AttributeMap values = {{":p", S("a")}, {":s", S("b")}};
  for (int i = 0; i < 2; ++i) {
    SCOPED_TRACE(i);
    Placeholders placeholders(nullptr, &values);
    EXPECT_THAT(
        cache.CompileKeyCondition("pk = :p OR sk = :s", placeholders),
        IsError(kValidation,
                "Invalid KeyConditionExpression: Invalid operator used in "
                "KeyConditionExpression: OR"));
    EXPECT_EQ(cache.size(), 1u);  // the tree parsed, so it is cached
  }
}

TEST(ExpressionCacheTest, KeysOnKindTextAndNames) {
  ExpressionCache cache;
  const Names score = {{"#a", "score"}};
  const Names level = {{"#a", "level"}};
  const AttributeMap values = {{":v", N("1")}};
  const auto compile = [&](const Names& names, ExpressionKind kind) {
    Placeholders placeholders(&names, &values);
    absl::StatusOr<BoundCondition> bound =
        cache.CompileCondition("#a = :v", kind, placeholders);
    EXPECT_THAT(bound, IsOk());
    return bound.ok() ? ConditionToString(bound->tree()) : "";
  };

  compile(score, ExpressionKind::kFilterExpression);
  compile(score, ExpressionKind::kConditionExpression);
  compile(level, ExpressionKind::kFilterExpression);
  compile(score, ExpressionKind::kFilterExpression);

  EXPECT_EQ(cache.size(), 3u);
  const Item item = {{"level", N("1")}};
  Placeholders placeholders(&level, &values);
  absl::StatusOr<BoundCondition> bound = cache.CompileCondition(
      "#a = :v", ExpressionKind::kFilterExpression, placeholders);
  ASSERT_THAT(bound, IsOk());
  EXPECT_TRUE(EvaluateCondition(bound->tree(), bound->values(), item));
}

TEST(ExpressionCacheTest, TextsWithoutNamesShareAnEntryWhateverTheNames) {
  ExpressionCache cache;
  const Names score = {{"#a", "score"}};
  const Names level = {{"#a", "level"}};
  const AttributeMap values = {{":v", N("1")}};
  for (const Names* names :
       {&score, &level, static_cast<const Names*>(nullptr)}) {
    Placeholders placeholders(names, &values);
    absl::StatusOr<BoundCondition> bound = cache.CompileCondition(
        "a = :v", ExpressionKind::kFilterExpression, placeholders);
    ASSERT_THAT(bound, IsOk());
    EXPECT_EQ(ConditionToString(bound->tree()), "(a = :v)");
    // The names still count as unused, as the fresh parse leaves them.
    if (names != nullptr) {
      EXPECT_THAT(placeholders.CheckAllUsed(),
                  IsError(kValidation,
                          "Value provided in ExpressionAttributeNames unused "
                          "in expressions: keys: {#a}"));
    }
  }
  EXPECT_EQ(cache.size(), 1u);
}

// Each case compiles `text` once with `good` values (cached), then with
// `bad` ones: the answer must be the fresh parse's error.
TEST(ExpressionCacheTest, OtherValuesGetTheFreshParsesErrors) {
  struct Case {
    const char* text;
    AttributeMap good;
    AttributeMap bad;
    const char* error;
  };
  const std::vector<Case> cases = {
      {"a BETWEEN :lo AND :hi",
       {{":lo", N("1")}, {":hi", N("2")}},
       {{":lo", N("3")}, {":hi", N("2")}},
       "Invalid ConditionExpression: The BETWEEN operator requires upper "
       "bound to be greater than or equal to lower bound; lower bound "
       "operand: AttributeValue: {N:3}, upper bound operand: AttributeValue: "
       "{N:2}"},
      {"a BETWEEN :lo AND :hi",
       {{":lo", N("1")}, {":hi", N("2")}},
       {{":lo", S("a")}, {":hi", N("2")}},
       "Invalid ConditionExpression: The BETWEEN operator requires same data "
       "type for lower and upper bounds; lower bound operand: AttributeValue: "
       "{S:a}, upper bound operand: AttributeValue: {N:2}"},
      {"attribute_type(a, :t)",
       {{":t", S("N")}},
       {{":t", S("DOG")}},
       "Invalid ConditionExpression: Invalid attribute type name found; type: "
       "DOG, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
      {"a < :v",
       {{":v", N("1")}},
       {{":v", AttributeValue::Bool(true)}},
       "Invalid ConditionExpression: Incorrect operand type for operator or "
       "function; operator or function: <, operand type: BOOL"},
      {"a < :v",
       {{":v", N("1")}},
       {{":w", N("1")}},
       "Invalid ConditionExpression: An expression attribute value used in "
       "expression is not defined; attribute value: :v"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    ExpressionCache cache;
    Placeholders good(nullptr, &c.good);
    ASSERT_THAT(cache.CompileCondition(
                    c.text, ExpressionKind::kConditionExpression, good),
                IsOk());
    Placeholders bad(nullptr, &c.bad);
    EXPECT_THAT(cache.CompileCondition(
                    c.text, ExpressionKind::kConditionExpression, bad),
                IsError(kValidation, c.error));
  }
}

TEST(ExpressionCacheTest, AnotherTypeReplacesTheEntry) {
  ExpressionCache cache;
  const AttributeMap number = {{":v", N("1")}};
  const AttributeMap string = {{":v", S("1")}};
  const Item item = {{"a", S("1")}};
  for (const AttributeMap* values : {&number, &string, &string}) {
    Placeholders placeholders(nullptr, values);
    absl::StatusOr<BoundCondition> bound = cache.CompileCondition(
        "a = :v", ExpressionKind::kFilterExpression, placeholders);
    ASSERT_THAT(bound, IsOk());
    EXPECT_EQ(EvaluateCondition(bound->tree(), bound->values(), item),
              values == &string);
  }
  EXPECT_EQ(cache.size(), 1u);
}

TEST(ExpressionCacheTest, MarksWhatTheParseUsedOnAHit) {
  ExpressionCache cache;
  const Names names = {{"#a", "a"}, {"#b", "b"}};
  const AttributeMap values = {{":v", N("1")}, {":extra", N("2")}};
  for (int i = 0; i < 2; ++i) {
    SCOPED_TRACE(i == 0 ? "miss" : "hit");
    Placeholders placeholders(&names, &values);
    ASSERT_THAT(
        cache.CompileCondition("#a.#a = :v", ExpressionKind::kFilterExpression,
                               placeholders),
        IsOk());
    EXPECT_THAT(placeholders.CheckAllUsed(),
                IsError(kValidation,
                        "Value provided in ExpressionAttributeNames unused in "
                        "expressions: keys: {#b}"));
    // A later expression of the same request uses #b.
    ASSERT_THAT(cache.CompileProjection("#b", placeholders), IsOk());
    EXPECT_THAT(placeholders.CheckAllUsed(),
                IsError(kValidation,
                        "Value provided in ExpressionAttributeValues unused "
                        "in expressions: keys: {:extra}"));
  }
}

TEST(ExpressionCacheTest, CachesUpdatesAndProjections) {
  ExpressionCache cache;
  const Item item = {{"pk", S("k")}, {"n", N("5")}, {"m", N("1")}};
  const Item key = {{"pk", S("k")}};
  for (const char* delta : {"1", "10"}) {
    const AttributeMap values = {{":d", N(delta)}};
    Placeholders placeholders(nullptr, &values);
    absl::StatusOr<BoundUpdate> update =
        cache.CompileUpdate("SET n = n + :d REMOVE m", placeholders);
    ASSERT_THAT(update, IsOk());
    absl::StatusOr<UpdateResult> result =
        ApplyUpdate(update->tree(), update->values(), &item, key);
    ASSERT_THAT(result, IsOk());
    EXPECT_EQ(*result->item,
              (Item{{"pk", S("k")},
                    {"n", N(delta == std::string("1") ? "6" : "15")}}));
  }
  const AttributeMap set = {{":d", AttributeValue::SS({"x"})}};
  Placeholders placeholders(nullptr, &set);
  EXPECT_THAT(cache.CompileUpdate("SET n = n + :d REMOVE m", placeholders),
              IsError(kValidation,
                      "Invalid UpdateExpression: Incorrect operand type for "
                      "operator or function; operator or function: +, "
                      "operand type: SS"));

  Placeholders none(nullptr, nullptr);
  absl::StatusOr<std::shared_ptr<const std::vector<DocumentPath>>> first =
      cache.CompileProjection("a, b.c", none);
  absl::StatusOr<std::shared_ptr<const std::vector<DocumentPath>>> second =
      cache.CompileProjection("a, b.c", none);
  ASSERT_THAT(first, IsOk());
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(*first, *second);
  EXPECT_EQ((*first)->size(), 2u);
  EXPECT_THAT(cache.CompileProjection("a, a.b", none),
              IsError(kValidation,
                      "Invalid ProjectionExpression: Two document paths "
                      "overlap with each other; must remove or rewrite one of "
                      "these paths; path one: [a], path two: [a, b]"));
}

TEST(ExpressionCacheTest, StaysWithinItsCapacity) {
  ExpressionCache cache(/*capacity=*/8);
  const AttributeMap values = {{":v", N("1")}};
  for (int i = 0; i < 100; ++i) {
    Placeholders placeholders(nullptr, &values);
    ASSERT_THAT(
        cache.CompileCondition(absl::StrCat("a", i, " = :v"),
                               ExpressionKind::kFilterExpression, placeholders),
        IsOk());
    EXPECT_LE(cache.size(), 8u);
  }
}

// Each thread keeps a memo of the entries it used last, in front of the
// shared map. The memo answers only for the cache an entry came from.
TEST(ExpressionCacheTest, EachCacheAnswersWithItsOwnEntries) {
  ExpressionCache first;
  ExpressionCache second;
  const AttributeMap values = {{":v", N("1")}};
  Placeholders a(nullptr, &values);
  Placeholders b(nullptr, &values);
  absl::StatusOr<BoundCondition> from_first = first.CompileCondition(
      "memo_a = :v", ExpressionKind::kFilterExpression, a);
  absl::StatusOr<BoundCondition> from_second = second.CompileCondition(
      "memo_a = :v", ExpressionKind::kFilterExpression, b);
  ASSERT_THAT(from_first, IsOk());
  ASSERT_THAT(from_second, IsOk());
  EXPECT_NE(from_first->shared_tree(), from_second->shared_tree());
  EXPECT_EQ(second.size(), 1u);
}

// More texts than the memo holds: the first is still found in the map.
TEST(ExpressionCacheTest, FindsEntriesTheMemoNoLongerHolds) {
  ExpressionCache cache;
  const AttributeMap values = {{":v", N("1")}};
  auto compile = [&](int i) {
    Placeholders placeholders(nullptr, &values);
    absl::StatusOr<BoundCondition> bound =
        cache.CompileCondition(absl::StrCat("memo_b", i, " = :v"),
                               ExpressionKind::kFilterExpression, placeholders);
    EXPECT_THAT(bound, IsOk());
    return bound.ok() ? bound->shared_tree() : nullptr;
  };
  const auto first = compile(0);
  for (int i = 1; i < 20; ++i) compile(i);
  EXPECT_EQ(compile(0), first);
  EXPECT_EQ(cache.size(), 20u);
}

// A request with other value types replaces the entry, in the memo too:
// the next request of those types reuses the new tree.
TEST(ExpressionCacheTest, TheMemoFollowsAReplacedEntry) {
  ExpressionCache cache;
  const AttributeMap number = {{":v", N("1")}};
  const AttributeMap string = {{":v", S("x")}};
  auto compile = [&](const AttributeMap& values) {
    Placeholders placeholders(nullptr, &values);
    absl::StatusOr<BoundCondition> bound = cache.CompileCondition(
        "memo_c = :v", ExpressionKind::kFilterExpression, placeholders);
    EXPECT_THAT(bound, IsOk());
    return bound.ok() ? bound->shared_tree() : nullptr;
  };
  const auto as_number = compile(number);
  const auto as_string = compile(string);
  EXPECT_NE(as_number, as_string);
  EXPECT_EQ(compile(string), as_string);
  EXPECT_EQ(cache.size(), 1u);
}

// ------------------------------------------------- differential testing

// A values map for the generator's placeholders: each present or not, of a
// random type (so types and BETWEEN orders vary between requests).
AttributeMap RandomValues(std::mt19937& rng) {
  const std::vector<AttributeValue> pool = {
      S("a"),
      S("b"),
      S("S"),
      S("N"),
      S("DOG"),
      N("1"),
      N("2"),
      N("-3"),
      AttributeValue::B("x"),
      AttributeValue::Bool(true),
      AttributeValue::Null(),
      AttributeValue::L({S("a")}),
      AttributeValue::SS({"a"}),
      AttributeValue::NS({Number::FromInt(1)})};
  AttributeMap values;
  for (const char* placeholder : {":s", ":n", ":n2", ":l", ":t", ":zz"}) {
    if (std::uniform_int_distribution<int>(0, 9)(rng) == 0) continue;
    values[placeholder] =
        pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
  }
  return values;
}

// Compiles through `cache` and afresh with the same request maps, and
// expects the same answer.
void ExpectSameAsFresh(ExpressionCache& cache, const std::string& text,
                       ExpressionKind kind, const Names& names,
                       const AttributeMap& values) {
  Placeholders cached_placeholders(&names, &values);
  Placeholders fresh_placeholders(&names, &values);
  if (kind == ExpressionKind::kUpdateExpression) {
    absl::StatusOr<BoundUpdate> cached =
        cache.CompileUpdate(text, cached_placeholders);
    absl::StatusOr<UpdateExpression> fresh =
        ParseUpdate(text, fresh_placeholders);
    ASSERT_EQ(cached.status(), fresh.status()) << text;
    if (cached.ok()) {
      EXPECT_TRUE(cached->tree() == *fresh) << text;
      EXPECT_EQ(Placeholders::ValueList(cached->values().begin(),
                                        cached->values().end()),
                *fresh_placeholders.Bind(ValueSlots(*fresh)));
    }
  } else if (kind == ExpressionKind::kKeyConditionExpression) {
    absl::StatusOr<ExpressionCache::KeyConditionParts> cached =
        cache.CompileKeyCondition(text, cached_placeholders);
    absl::StatusOr<Condition> fresh =
        ParseCondition(text, kind, fresh_placeholders);
    std::optional<Placeholders::ValueList> fresh_values;
    absl::StatusOr<KeyConditionTermList> fresh_terms =
        fresh.ok() ? KeyConditionTerms(
                         *fresh, fresh_values.emplace(*fresh_placeholders.Bind(
                                     ValueSlots(*fresh))))
                   : absl::StatusOr<KeyConditionTermList>(fresh.status());
    ASSERT_EQ(cached.status(), fresh_terms.status()) << text;
    if (cached.ok()) {
      EXPECT_TRUE(cached->condition.tree() == *fresh) << text;
      ASSERT_EQ(cached->terms.size(), fresh_terms->size()) << text;
      for (size_t i = 0; i < cached->terms.size(); ++i) {
        EXPECT_EQ(cached->terms[i].attribute, (*fresh_terms)[i].attribute);
        EXPECT_EQ(cached->terms[i].op, (*fresh_terms)[i].op);
        EXPECT_EQ(cached->terms[i].values, (*fresh_terms)[i].values) << text;
      }
    }
  } else {
    absl::StatusOr<BoundCondition> cached =
        cache.CompileCondition(text, kind, cached_placeholders);
    absl::StatusOr<Condition> fresh =
        ParseCondition(text, kind, fresh_placeholders);
    ASSERT_EQ(cached.status(), fresh.status()) << text;
    if (cached.ok()) {
      EXPECT_TRUE(cached->tree() == *fresh) << text;
      EXPECT_EQ(Placeholders::ValueList(cached->values().begin(),
                                        cached->values().end()),
                *fresh_placeholders.Bind(ValueSlots(*fresh)));
    }
  }
  EXPECT_EQ(cached_placeholders.CheckAllUsed(),
            fresh_placeholders.CheckAllUsed())
      << text;
}

TEST(ExpressionCacheTest, AnswersAsAFreshParseForRandomRequests) {
  ExpressionGenerator gen(20261130);
  std::mt19937 rng(42);
  ExpressionCache cache(/*capacity=*/256);
  const Names names = TestNames();
  Names other_names = names;
  other_names["#c"] = "other";
  const ExpressionKind kinds[] = {ExpressionKind::kConditionExpression,
                                  ExpressionKind::kFilterExpression,
                                  ExpressionKind::kKeyConditionExpression};
  std::vector<std::string> texts;
  for (int i = 0; i < 400; ++i) {
    bool parenthesized = false;
    std::string text = gen.Condition(3, &parenthesized);
    if (gen.Pick(3) == 0) text = Mutate(text, gen);
    texts.push_back(std::move(text));
  }
  // Each text several times, with other values and names each time.
  for (int round = 0; round < 6; ++round) {
    for (const std::string& text : texts) {
      const AttributeMap values = RandomValues(rng);
      ExpectSameAsFresh(cache, text, kinds[gen.Pick(3)],
                        gen.Pick(4) == 0 ? other_names : names, values);
    }
  }
}

TEST(ExpressionCacheTest, AnswersAsAFreshParseForRandomUpdates) {
  const std::vector<std::string> texts = {
      "SET a = :n + :n2",
      "SET a = b - :n, c = :s",
      "SET l = list_append(:l, l)",
      "SET l = list_append(if_not_exists(l, :l), :t)",
      "ADD n :n DELETE s :s",
      "ADD #c :n2 REMOVE x[1]",
      "SET a = if_not_exists(b, :zz) REMOVE c",
      "SET #p.q = :t ADD z :zz",
  };
  std::mt19937 rng(7);
  ExpressionCache cache;
  const Names names = TestNames();
  for (int round = 0; round < 40; ++round) {
    for (const std::string& text : texts) {
      ExpectSameAsFresh(cache, text, ExpressionKind::kUpdateExpression, names,
                        RandomValues(rng));
    }
  }
}

// Many threads compiling the same few texts with their own values: every
// answer is right (the TSan build checks the locking).
TEST(ExpressionCacheConcurrencyTest, ThreadsShareEntries) {
  ExpressionCache cache(/*capacity=*/4);
  constexpr int kThreads = 4;
  std::vector<std::thread> threads;
  std::vector<int> wrong(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&cache, &wrong, t] {
      for (int i = 0; i < 2000; ++i) {
        const AttributeMap values = {
            {":v", AttributeValue::N(Number::FromInt(i))}};
        Placeholders placeholders(nullptr, &values);
        absl::StatusOr<BoundCondition> bound = cache.CompileCondition(
            absl::StrCat("a", i % 6, " = :v"),
            ExpressionKind::kFilterExpression, placeholders);
        const Item item = {
            {absl::StrCat("a", i % 6), AttributeValue::N(Number::FromInt(i))}};
        if (!bound.ok() ||
            !EvaluateCondition(bound->tree(), bound->values(), item)) {
          ++wrong[t];
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

}  // namespace
}  // namespace dynamite
