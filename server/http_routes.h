// HttpRoutes: requests the DynamoDB exchange (server/http_exchange.h) offers
// to someone else first, so that `dynamite serve` can serve more than
// DynamoDB's API on its port — the console's page and its helper endpoints
// (console/console_routes.h) — without server/ knowing what they are.
//
// Thread safety: Handle() is called concurrently from the server's threads.

#ifndef DYNAMITE_SERVER_HTTP_ROUTES_H_
#define DYNAMITE_SERVER_HTTP_ROUTES_H_

#include <optional>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"

#include "api/database.h"
#include "server/http_exchange.h"

namespace dynamite {

class HttpRoutes {
 public:
  virtual ~HttpRoutes() = default;

  // Checks the request's Authorization header as the exchange checks a
  // DynamoDB request's (with --auth, its SigV4 signature): OK, or the
  // DynamoDB error to answer.
  using AuthorizeFn = absl::FunctionRef<absl::Status()>;

  // The answer to `request` when its method and target are one of these
  // routes', else std::nullopt, and the exchange answers it as DynamoDB
  // would. Runs after the exchange's body-size check, before anything else.
  virtual std::optional<HttpResponse> Handle(Database& db,
                                             const HttpRequest& request,
                                             AuthorizeFn authorize) const = 0;
};

}  // namespace dynamite

#endif  // DYNAMITE_SERVER_HTTP_ROUTES_H_
