#include "console/console_routes.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

#include "console/console_api.h"
#include "console/console_assets.h"
#include "wire/error_body.h"

namespace dynamite {
namespace {

constexpr absl::string_view kPrefix = "/console";
constexpr absl::string_view kApiPrefix = "api/";

HttpResponse Answer(int status, absl::string_view content_type,
                    std::string body) {
  HttpResponse response;
  response.status = status;
  response.headers.emplace_back("Content-Type", std::string(content_type));
  // The page is the server's own: never framed, never cached stale.
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  response.headers.emplace_back("X-Frame-Options", "DENY");
  response.body = std::move(body);
  return response;
}

}  // namespace

std::optional<HttpResponse> ConsoleRoutes::Handle(Database& db,
                                                  const HttpRequest& request,
                                                  AuthorizeFn authorize) const {
  absl::string_view path = request.target;
  // A query string names no asset; the page keeps its state in the
  // fragment, which browsers do not send.
  path = path.substr(0, path.find('?'));
  if (!absl::ConsumePrefix(&path, kPrefix)) return std::nullopt;
  if (!path.empty() && !absl::ConsumePrefix(&path, "/")) return std::nullopt;
  if (absl::ConsumePrefix(&path, kApiPrefix)) {
    if (request.method != "POST") {
      return Answer(405, "text/plain; charset=utf-8",
                    "The console's helper endpoints take POST\n");
    }
    if (absl::Status authorized = authorize(); !authorized.ok()) {
      WireResponse refusal = ErrorResponse(authorized);
      return Answer(refusal.http_status, "application/json",
                    std::move(refusal.body));
    }
    ConsoleAnswer answer = AnswerConsoleApi(db, path, request.body);
    return Answer(answer.http_status, "application/json",
                  std::move(answer.body));
  }
  if (request.method != "GET") return std::nullopt;
  const ConsoleAsset* asset = FindConsoleAsset(path);
  if (asset == nullptr) {
    return Answer(404, "text/plain; charset=utf-8",
                  "No such page in the console\n");
  }
  return Answer(200, asset->content_type, std::string(asset->body));
}

}  // namespace dynamite
