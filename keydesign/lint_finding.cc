#include "keydesign/lint_finding.h"

#include <algorithm>

namespace dynamite {

absl::string_view LintSeverityName(LintSeverity severity) {
  switch (severity) {
    case LintSeverity::kInfo:
      return "info";
    case LintSeverity::kWarning:
      return "warning";
    case LintSeverity::kError:
      return "error";
  }
  return "info";
}

bool HasLintErrors(const std::vector<LintFinding>& findings) {
  return std::any_of(
      findings.begin(), findings.end(),
      [](const LintFinding& f) { return f.severity == LintSeverity::kError; });
}

}  // namespace dynamite
