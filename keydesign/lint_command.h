// `dynamite lint`: reads tables from one of three sources, lints them
// (lint.h) and prints the report (lint_report.h). Here rather than in
// tools/ so that tests can run the whole command.
//
//   dynamite lint [--json] --table T --pk NAME[:S|N|B] [--sk NAME[:S|N|B]]
//                 [--lsi] [--gsi NAME=PK[,SK]]... [--lsi-index NAME=SK]...
//                 FILE                   S3-export lines; FILE "-" is stdin
//   dynamite lint [--json] --exec SCRIPT a `dynamite exec` script
//   dynamite lint [--json] --endpoint http://127.0.0.1:8000 [--table T]
//                                        a running dynamite serve
//
// Exit status: 0 clean or warnings only, 1 errors found, 2 usage error or
// unreadable input.
//
// Thread safety: RunLintCommand touches only its streams (and, with
// --exec or a FILE, the named file; with --endpoint, the network).

#ifndef DYNAMITE_KEYDESIGN_LINT_COMMAND_H_
#define DYNAMITE_KEYDESIGN_LINT_COMMAND_H_

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace dynamite {

inline constexpr absl::string_view kLintUsage =
    R"(Usage: dynamite lint [--json] SOURCE
  --table T --pk NAME[:S|N|B] [--sk NAME[:S|N|B]] [--lsi]
          [--gsi NAME=PK[,SK]]... [--lsi-index NAME=SK]... FILE
      Items of table T, one per line in DynamoDB JSON as DynamoDB's export
      to S3 writes them ({"Item": {...}}); FILE "-" reads standard input.
      Key types default to S; --lsi: the table has a local secondary index.
      --gsi, --lsi-index (repeatable): a global or local secondary index
      whose keys are linted too, e.g. --gsi GSI1=GSI1PK,GSI1SK; join the
      attributes of a multi-attribute GSI key with '+' (a+b,c:N+d).
  --exec SCRIPT
      Runs a `dynamite exec` script and lints every table it leaves.
  --endpoint http://127.0.0.1:PORT [--table T]
      Scans every table (or T) of a running dynamite serve (loopback only).
  --exec and --endpoint read each table's secondary indexes from
  DescribeTable.
  --json   Prints one JSON document instead of text.
Exit status: 0 clean or warnings only, 1 errors found, 2 usage or input
error.
)";

// Runs `dynamite lint` with `args` (the words after "lint"). Reads
// standard input from `in` when FILE is "-". Returns the exit status.
int RunLintCommand(const std::vector<std::string>& args, std::istream& in,
                   std::ostream& out, std::ostream& err);

}  // namespace dynamite

#endif  // DYNAMITE_KEYDESIGN_LINT_COMMAND_H_
