// The JSON report is written here by hand rather than with RapidJSON:
// STYLE.md keeps the JSON library inside wire/, and wire/ (the DynamoDB
// protocol) cannot know keydesign's report. Writing needs only string
// escaping, below.

#include "keydesign/lint_report.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace dynamite {
namespace {

// A JSON string literal: '"', '\' and control characters escaped; other
// bytes (UTF-8, as S values are) are copied.
std::string JsonQuote(absl::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          absl::StrAppendFormat(&out, "\\u%04x", c);
        } else {
          out += c;
        }
    }
  }
  out += "\"";
  return out;
}

std::string JsonList(const std::vector<std::string>& items) {
  std::vector<std::string> quoted;
  for (const std::string& item : items) quoted.push_back(JsonQuote(item));
  return absl::StrCat("[", absl::StrJoin(quoted, ","), "]");
}

// Findings of each severity, indexed by LintSeverity.
std::array<int64_t, 3> Counts(const std::vector<LintReport>& reports) {
  std::array<int64_t, 3> counts = {0, 0, 0};
  for (const LintReport& report : reports) {
    for (const LintFinding& finding : report.findings) {
      ++counts[static_cast<int>(finding.severity)];
    }
  }
  return counts;
}

std::string Plural(int64_t n, absl::string_view word) {
  return absl::StrCat(n, " ", word, n == 1 ? "" : "s");
}

}  // namespace

std::string FormatLintText(const std::vector<LintReport>& reports) {
  std::string out;
  for (const LintReport& report : reports) {
    absl::StrAppend(&out, report.table, " (partition key ",
                    report.partition_key);
    if (!report.sort_key.empty()) {
      absl::StrAppend(&out, ", sort key ", report.sort_key);
    }
    absl::StrAppend(&out, "): ", Plural(report.item_count, "item"), "\n");
    for (const LintFinding& f : report.findings) {
      absl::StrAppend(&out, "  ", LintSeverityName(f.severity), " ", f.rule,
                      ": ", f.message, "\n");
      if (!f.collections.empty()) {
        absl::StrAppend(
            &out, "    collections: ", absl::StrJoin(f.collections, ", "));
        const int64_t more =
            f.collection_count - static_cast<int64_t>(f.collections.size());
        if (more > 0) absl::StrAppend(&out, " and ", more, " more");
        out += "\n";
      }
      for (const std::string& example : f.examples) {
        absl::StrAppend(&out, "    example: ", example, "\n");
      }
      absl::StrAppend(&out, "    fix: ", f.fix, "\n");
    }
  }
  const std::array<int64_t, 3> counts = Counts(reports);
  absl::StrAppend(&out, Plural(static_cast<int64_t>(reports.size()), "table"),
                  ": ", Plural(counts[2], "error"), ", ",
                  Plural(counts[1], "warning"), ", ", Plural(counts[0], "info"),
                  "\n");
  return out;
}

std::string FormatLintJson(const std::vector<LintReport>& reports) {
  std::vector<std::string> tables;
  for (const LintReport& report : reports) {
    std::vector<std::string> findings;
    for (const LintFinding& f : report.findings) {
      findings.push_back(absl::StrCat(
          "{\"severity\":", JsonQuote(LintSeverityName(f.severity)),
          ",\"rule\":", JsonQuote(f.rule), ",\"collections\":",
          JsonList(f.collections), ",\"collectionCount\":", f.collection_count,
          ",\"message\":", JsonQuote(f.message), ",\"examples\":",
          JsonList(f.examples), ",\"fix\":", JsonQuote(f.fix), "}"));
    }
    tables.push_back(absl::StrCat(
        "{\"table\":", JsonQuote(report.table),
        ",\"partitionKey\":", JsonQuote(report.partition_key), ",\"sortKey\":",
        JsonQuote(report.sort_key), ",\"itemCount\":", report.item_count,
        ",\"findings\":[", absl::StrJoin(findings, ","), "]}"));
  }
  const std::array<int64_t, 3> counts = Counts(reports);
  return absl::StrCat("{\"tables\":[", absl::StrJoin(tables, ","),
                      "],\"errors\":", counts[2], ",\"warnings\":", counts[1],
                      ",\"infos\":", counts[0], "}\n");
}

int LintExitCode(const std::vector<LintReport>& reports) {
  for (const LintReport& report : reports) {
    if (HasLintErrors(report.findings)) return 1;
  }
  return 0;
}

}  // namespace dynamite
