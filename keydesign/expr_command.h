// `dynamite expr`: builds a request's expressions from command-line flags
// and returns the DynamoDB JSON fragment (keydesign/expression_json.h).
//
//   dynamite expr --table Events --pk pk=USER#1 --sk sk --prefix EVT#
//       --day 2026-06-23 --precision ms --suffix '#9999'     (one line)
//
// The flags, in full, are in tools/dynamite_main.cc's usage text. In
// brief: --pk NAME=VALUE; --sk NAME with one selector (--eq/--lt/--le/
// --gt/--ge V, --between A B, --begins-with P, or a time window --day D,
// --month M, --from T --to T, which needs --precision s|ms and takes
// --suffix S); --prefix P before every sort-key value; --sk-type N for a
// number sort key; --filter and --condition COND (repeatable, ANDed);
// --set NAME=VALUE, --add NAME=VALUE, --remove NAME; --table NAME;
// --compact. A VALUE is an S, unless it starts with '{': then it is a
// DynamoDB JSON AttributeValue such as {"N":"42"}.
//
// COND is NAME=V, NAME<>V, NAME<V, NAME<=V, NAME>V, NAME>=V,
// begins_with(NAME,P), attribute_exists(NAME) or attribute_not_exists(NAME);
// NAME is the text before the first of < > =.
//
// Thread safety: a pure function.

#ifndef DYNAMITE_KEYDESIGN_EXPR_COMMAND_H_
#define DYNAMITE_KEYDESIGN_EXPR_COMMAND_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace dynamite {

// Runs `dynamite expr` with `args` (the arguments after "expr") and returns
// what it prints: the JSON fragment, indented (one line with --compact),
// ending with a newline. --help is the caller's to handle.
// Errors: every error is a usage error (bad or conflicting flags, a value
// that does not parse, an expression DynamoDB would reject), with a message
// naming the flag; the command exits 2 on them.
absl::StatusOr<std::string> RunExprCommand(absl::Span<const std::string> args);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_EXPR_COMMAND_H_
