// Shared set-up for api/ tests: tables with the common key schemas and short
// builders for items and keys.
//
// Thread safety: helpers build values; a Database is as documented.

#ifndef DYNAMITE_TESTS_SUPPORT_DATABASE_FIXTURES_H_
#define DYNAMITE_TESTS_SUPPORT_DATABASE_FIXTURES_H_

#include <string>

#include "api/database.h"
#include "store/number.h"

namespace dynamite::testing {

inline AttributeValue S(const std::string& s) { return AttributeValue::S(s); }
inline AttributeValue N(const std::string& n) {
  return AttributeValue::N(*Number::Parse(n));
}

// A PAY_PER_REQUEST table `name` keyed by `pk` (+ `sk` when sort_type is
// given).
inline CreateTableRequest TableRequest(const std::string& name, KeyType pk_type,
                                       std::optional<KeyType> sk_type) {
  CreateTableRequest r;
  r.table_name = name;
  r.key_schema.push_back({"pk", KeySchemaRole::kHash});
  r.attribute_definitions.push_back({"pk", pk_type});
  if (sk_type.has_value()) {
    r.key_schema.push_back({"sk", KeySchemaRole::kRange});
    r.attribute_definitions.push_back({"sk", *sk_type});
  }
  r.billing_mode = BillingMode::kPayPerRequest;
  return r;
}

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_SUPPORT_DATABASE_FIXTURES_H_
