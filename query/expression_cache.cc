#include "query/expression_cache.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"

#include "common/mutex.h"
#include "common/status_macros.h"
#include "query/ast.h"
#include "query/bound.h"
#include "query/expression_checks.h"
#include "query/key_condition.h"
#include "query/parser.h"
#include "query/placeholders.h"
#include "query/projection.h"
#include "store/value.h"

namespace dynamite {

using ProjectionPaths = std::vector<DocumentPath>;

struct ExpressionCache::Entry {
  std::variant<std::shared_ptr<const Condition>,
               std::shared_ptr<const UpdateExpression>,
               std::shared_ptr<const ProjectionPaths>>
      tree;
  std::vector<std::string> names;  // the #names the parse resolved
  std::vector<std::string> slots;  // placeholder by slot
  std::vector<ValueType> types;    // the type of each slot's value
  // KeyConditionExpression entries only: KeyConditionShapeOf(tree), a
  // function of the tree alone (its views point into the tree).
  std::optional<absl::StatusOr<KeyConditionShape>> key_shape;
};

namespace {

// Writes `text` at `out` after its length in a fixed-width binary prefix
// (cheaper than formatting the length in decimal, and as unambiguous), and
// returns the end of what it wrote.
char* WritePrefixed(absl::string_view text, char* out) {
  const size_t size = text.size();
  std::memcpy(out, &size, sizeof(size));
  out += sizeof(size);
  if (size != 0) std::memcpy(out, text.data(), size);
  return out + size;
}

// Writes into `key` the kind, text and every name, each length-prefixed so
// that no two inputs share a key whatever bytes they hold. A text without
// '#' resolves no name, so its tree does not depend on the names: they are
// left out, and requests with other names share its entry. Sized once and
// filled with memcpy: every request writes a key per expression.
void WriteCacheKey(ExpressionKind kind, absl::string_view text,
                   const std::map<std::string, std::string>* names,
                   std::string& key) {
  const bool with_names = names != nullptr && absl::StrContains(text, '#');
  size_t size = 1 + sizeof(size_t) + text.size();
  if (with_names) {
    for (const auto& [placeholder, name] : *names) {
      size += 2 * sizeof(size_t) + placeholder.size() + name.size();
    }
  }
  key.resize(size);
  char* out = key.data();
  *out++ = static_cast<char>(kind);
  out = WritePrefixed(text, out);
  if (with_names) {
    for (const auto& [placeholder, name] : *names) {
      out = WritePrefixed(placeholder, out);
      out = WritePrefixed(name, out);
    }
  }
}

std::vector<std::string> SlotsOf(const Condition& condition) {
  return ValueSlots(condition);
}
std::vector<std::string> SlotsOf(const UpdateExpression& update) {
  return ValueSlots(update);
}
std::vector<std::string> SlotsOf(const ProjectionPaths&) { return {}; }

bool ContentChecksPass(const Condition& condition, ValueBindings values) {
  return query_internal::PassesValueContentChecks(condition, values);
}
// Update and projection checks read only the types of constants.
bool ContentChecksPass(const UpdateExpression&, ValueBindings) { return true; }
bool ContentChecksPass(const ProjectionPaths&, ValueBindings) { return true; }

// The entries this thread looked up or made last, searched before a
// cache's shared map: a hit here takes no lock and hashes nothing, where
// the map costs a reader lock and a hash of the whole key (together about
// 280 instructions a lookup, callgrind; a filtered Query looks up two).
// A thread serving requests repeats a few texts, and a request compiles
// its expressions one after another on one thread.
//
// One memo per thread serves every cache, each slot marked with the id of
// the cache it came from, so that a cache answers only with entries of its
// own (and its size() still counts what it was asked for). Entries held
// here may outlive their eviction from the map, as those handed out do.
class RecentEntries {
 public:
  using EntryPtr = std::shared_ptr<const ExpressionCache::Entry>;

  EntryPtr Find(uint64_t cache, absl::string_view key) const {
    for (const Slot& slot : slots_) {
      if (slot.cache == cache && slot.key == key) return slot.entry;
    }
    return nullptr;
  }

  // Keeps `entry` under (`cache`, `key`), replacing the entry held under
  // them or else the oldest one.
  void Remember(uint64_t cache, absl::string_view key, EntryPtr entry) {
    for (Slot& slot : slots_) {
      if (slot.cache == cache && slot.key == key) {
        slot.entry = std::move(entry);
        return;
      }
    }
    Slot& slot = slots_[next_];
    next_ = (next_ + 1) % slots_.size();
    slot.cache = cache;
    slot.key.assign(key.data(), key.size());
    slot.entry = std::move(entry);
  }

 private:
  struct Slot {
    uint64_t cache = 0;  // ids start at 1
    std::string key;
    EntryPtr entry;
  };
  std::array<Slot, 8> slots_;
  size_t next_ = 0;
};

RecentEntries& ThreadRecentEntries() {
  thread_local RecentEntries recent;
  return recent;
}

bool TypesMatch(const Placeholders::ValueList& values,
                const std::vector<ValueType>& types) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i]->type() != types[i]) return false;
  }
  return true;
}

}  // namespace

template <typename Tree, typename Parse>
absl::StatusOr<Bound<Tree>> ExpressionCache::Compile(ExpressionKind kind,
                                                     absl::string_view text,
                                                     Placeholders& placeholders,
                                                     const Parse& parse,
                                                     const Entry** entry_out) {
  // The key is written into a buffer each thread keeps, so that a hit
  // (nearly every request) allocates nothing; a miss copies it.
  thread_local std::string key_buffer;
  WriteCacheKey(kind, text, placeholders.names(), key_buffer);
  if (std::shared_ptr<const Entry> entry = Find(key_buffer)) {
    const auto* tree = std::get_if<std::shared_ptr<const Tree>>(&entry->tree);
    // Recording the slots' use even when the tree is not reused changes
    // nothing: parsing the same text afresh resolves every one of them.
    std::optional<Placeholders::ValueList> values =
        placeholders.BindUsed(entry->slots);
    if (tree != nullptr && values.has_value() &&
        TypesMatch(*values, entry->types) &&
        ContentChecksPass(**tree, *values)) {
      placeholders.MarkNamesUsed(entry->names);
      if (entry_out != nullptr) *entry_out = entry.get();
      // The Bound shares the entry's ownership (aliasing): one reference
      // count taken instead of a second one for the tree.
      const Tree* raw = tree->get();
      return Bound<Tree>(std::shared_ptr<const Tree>(std::move(entry), raw),
                         *std::move(values));
    }
  }

  std::string key = key_buffer;
  const size_t names_before = placeholders.resolved_names().size();
  DYNAMITE_ASSIGN_OR_RETURN(Tree parsed, parse());
  auto entry = std::make_shared<Entry>();
  const Placeholders::KeyList& resolved = placeholders.resolved_names();
  for (size_t i = names_before; i < resolved.size(); ++i) {
    entry->names.push_back(*resolved[i]);
  }
  entry->slots = SlotsOf(parsed);
  // Every slot is defined: the parse succeeded.
  Placeholders::ValueList values = *placeholders.Bind(entry->slots);
  for (const AttributeValue* value : values) {
    entry->types.push_back(value->type());
  }
  auto tree = std::make_shared<const Tree>(std::move(parsed));
  if constexpr (std::is_same_v<Tree, Condition>) {
    if (kind == ExpressionKind::kKeyConditionExpression) {
      entry->key_shape = KeyConditionShapeOf(*tree);
    }
  }
  entry->tree = tree;
  if (entry_out != nullptr) *entry_out = entry.get();
  std::shared_ptr<const Entry> shared = std::move(entry);
  Insert(std::move(key), shared);
  // As on a hit, the Bound holds the entry (and through it the tree).
  return Bound<Tree>(std::shared_ptr<const Tree>(std::move(shared), tree.get()),
                     std::move(values));
}

absl::StatusOr<BoundCondition> ExpressionCache::CompileCondition(
    absl::string_view text, ExpressionKind kind, Placeholders& placeholders) {
  return Compile<Condition>(kind, text, placeholders, [&] {
    return ParseCondition(text, kind, placeholders);
  });
}

absl::StatusOr<ExpressionCache::KeyConditionParts>
ExpressionCache::CompileKeyCondition(absl::string_view text,
                                     Placeholders& placeholders) {
  const Entry* entry = nullptr;
  DYNAMITE_ASSIGN_OR_RETURN(
      BoundCondition condition,
      Compile<Condition>(
          ExpressionKind::kKeyConditionExpression, text, placeholders,
          [&] {
            return ParseCondition(text, ExpressionKind::kKeyConditionExpression,
                                  placeholders);
          },
          &entry));
  // Set for every key condition entry; `condition` keeps the entry alive.
  const absl::StatusOr<KeyConditionShape>& shape = *entry->key_shape;
  if (!shape.ok()) return shape.status();
  KeyConditionTermList terms =
      BindKeyConditionShape(*shape, condition.values());
  return KeyConditionParts{std::move(condition), std::move(terms)};
}

absl::StatusOr<BoundUpdate> ExpressionCache::CompileUpdate(
    absl::string_view text, Placeholders& placeholders) {
  return Compile<UpdateExpression>(
      ExpressionKind::kUpdateExpression, text, placeholders,
      [&] { return ParseUpdate(text, placeholders); });
}

absl::StatusOr<std::shared_ptr<const ProjectionPaths>>
ExpressionCache::CompileProjection(absl::string_view text,
                                   Placeholders& placeholders) {
  DYNAMITE_ASSIGN_OR_RETURN(
      Bound<ProjectionPaths> bound,
      Compile<ProjectionPaths>(
          ExpressionKind::kProjectionExpression, text, placeholders,
          [&]() -> absl::StatusOr<ProjectionPaths> {
            DYNAMITE_ASSIGN_OR_RETURN(ProjectionPaths paths,
                                      ParseProjection(text, placeholders));
            DYNAMITE_RETURN_IF_ERROR(
                CheckPathsDisjoint(paths, "Invalid ProjectionExpression: "));
            return paths;
          }));
  return bound.shared_tree();
}

uint64_t ExpressionCache::NextId() {
  // Never reused, unlike a destroyed cache's address.
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

size_t ExpressionCache::size() const {
  ReaderMutexLock lock(&mu_);
  return entries_.size();
}

std::shared_ptr<const ExpressionCache::Entry> ExpressionCache::Find(
    absl::string_view key) const {
  if (capacity_ == 0) return nullptr;
  RecentEntries& recent = ThreadRecentEntries();
  if (std::shared_ptr<const Entry> entry = recent.Find(id_, key)) {
    return entry;
  }
  std::shared_ptr<const Entry> entry;
  {
    ReaderMutexLock lock(&mu_);
    auto it = entries_.find(key);
    if (it == entries_.end()) return nullptr;
    entry = it->second;
  }
  recent.Remember(id_, key, entry);
  return entry;
}

void ExpressionCache::Insert(std::string key,
                             std::shared_ptr<const Entry> entry) {
  if (capacity_ == 0) return;
  ThreadRecentEntries().Remember(id_, key, entry);
  MutexLock lock(&mu_);
  if (entries_.size() >= capacity_ && !entries_.contains(key)) {
    entries_.clear();
  }
  entries_.insert_or_assign(std::move(key), std::move(entry));
}

}  // namespace dynamite
