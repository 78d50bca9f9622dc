#include "server/http_message.h"

#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace dynamite {
namespace {

std::string* FindHeader(HttpHeaders& headers, absl::string_view name) {
  for (auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

const std::string* FindHeader(const HttpHeaders& headers,
                              absl::string_view name) {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

}  // namespace

const std::string* HttpRequest::Header(absl::string_view name) const {
  return FindHeader(headers, name);
}

std::string HttpRequest::CombinedHeader(absl::string_view name) const {
  std::string combined;
  for (const auto& [key, value] : headers) {
    if (!absl::EqualsIgnoreCase(key, name)) continue;
    absl::StrAppend(&combined, combined.empty() ? "" : ", ", value);
  }
  return combined;
}

const std::string* HttpResponse::Header(absl::string_view name) const {
  return FindHeader(headers, name);
}

void HttpResponse::SetHeader(absl::string_view name, std::string value) {
  if (std::string* existing = FindHeader(headers, name)) {
    *existing = std::move(value);
    return;
  }
  headers.emplace_back(std::string(name), std::move(value));
}

}  // namespace dynamite
