// Placeholders: a request's ExpressionAttributeNames and
// ExpressionAttributeValues, and which of them its expressions used.
//
// One Placeholders object serves every expression of one request (key
// condition, filter, projection, condition, update), because DynamoDB
// rejects a #name or :value that no expression of the request uses. The
// parsers resolve each reference through ResolveName()/ResolveValue(), which
// record the use; once every expression is parsed the caller calls
// CheckAllUsed(). Use is recorded at parse time, so short-circuit
// evaluation never makes an entry look unused.
//
// Thread safety: not thread-safe (resolving records use); one object belongs
// to one request on one thread. The maps are not owned and must outlive the
// object.

#ifndef DYNAMITE_QUERY_PLACEHOLDERS_H_
#define DYNAMITE_QUERY_PLACEHOLDERS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

#include "store/value.h"

namespace dynamite {

class Placeholders {
 public:
  using KeyList = absl::InlinedVector<const std::string*, 8>;
  // The values of an expression's slots. Inline: a request binds one list
  // per expression, and most expressions have a handful of slots.
  using ValueList = absl::InlinedVector<const AttributeValue*, 4>;

  // `names` maps "#n" to an attribute name, `values` maps ":v" to a value;
  // either may be null when the request does not have that parameter. The
  // keys are assumed well formed (the API layer validates them).
  Placeholders(const std::map<std::string, std::string>* names,
               const AttributeMap* values)
      : names_(names), values_(values) {}

  Placeholders(const Placeholders&) = delete;
  Placeholders& operator=(const Placeholders&) = delete;

  // Returns the attribute name `placeholder` ("#n") stands for and records
  // the use. Returns a kValidation error when it is not defined, with
  // DynamoDB's message without the "Invalid <Param>: " prefix (the parser
  // adds it): "An expression attribute name used in the document path is
  // not defined; attribute name: #n".
  absl::StatusOr<std::string> ResolveName(absl::string_view placeholder);

  // Returns the value `placeholder` (":v") stands for and records the use.
  // The pointer stays valid as long as the values map. Returns a kValidation
  // error when it is not defined: "An expression attribute value used in
  // expression is not defined; attribute value: :v" (no prefix).
  absl::StatusOr<const AttributeValue*> ResolveValue(
      absl::string_view placeholder);

  // Returns OK if every name and value was resolved at least once, else a
  // kValidation error naming the unused keys in ascending order, names
  // before values:
  //   Value provided in ExpressionAttributeNames unused in expressions:
  //   keys: {#a, #b}
  // and the same with ExpressionAttributeValues.
  absl::Status CheckAllUsed() const;

  // Records the use of `names` ("#n") as resolving them would: for a tree
  // the expression cache parsed for an earlier request with the same text
  // and names. Keys not in the names map are ignored.
  void MarkNamesUsed(const std::vector<std::string>& names);

  // Every name resolved so far (the names map's keys), in order, repeats
  // included: an expression used the names resolved between the size()
  // before and after its parse.
  const KeyList& resolved_names() const { return resolved_names_; }

  // The values of `slots` (placeholders, as from ValueSlots()), or
  // std::nullopt when one is not defined. Records no use.
  std::optional<ValueList> Bind(const std::vector<std::string>& slots) const;

  // Bind() that also records the use of every slot, as resolving them
  // would (for a tree from the expression cache).
  std::optional<ValueList> BindUsed(const std::vector<std::string>& slots);

  const std::map<std::string, std::string>* names() const { return names_; }
  const AttributeMap* values() const { return values_; }

 private:
  // Bind(), recording each key found in `used` unless it is null.
  std::optional<ValueList> LookUpSlots(const std::vector<std::string>& slots,
                                       KeyList* used) const;

  const std::map<std::string, std::string>* names_;
  const AttributeMap* values_;
  // The maps' keys that were used, by address, repeats included: no
  // string is copied or hashed to record a use, and CheckAllUsed() scans
  // them (sorting them first when there are many). Inline, as a request
  // uses a few.
  KeyList used_names_;
  KeyList used_values_;
  KeyList resolved_names_;
};

}  // namespace dynamite

#endif  // DYNAMITE_QUERY_PLACEHOLDERS_H_
