// ConsoleRoutes: the console `dynamite serve` serves beside DynamoDB's API,
// on the same port (server/http_routes.h):
//
//   GET  /console, /console/          the page (console/assets/index.html)
//   GET  /console/<asset>             its script and style sheet
//   POST /console/api/<endpoint>      the helper endpoints (console_api.h)
//
// The page and its assets are public; the helper endpoints check the
// request's Authorization as DynamoDB's API does. The page talks to
// DynamoDB's API at / like any client: with a placeholder Authorization
// header when the server does not verify signatures, else signing each
// request (SigV4, in the browser's Web Crypto) with an access key the user
// gives it — which browsers allow only in a secure context (loopback, or
// HTTPS). tools/dynamite_main.cc leaves the console off on a non-loopback
// bind unless asked.
//
// Thread safety: Handle() may be called concurrently.

#ifndef DYNAMITE_CONSOLE_CONSOLE_ROUTES_H_
#define DYNAMITE_CONSOLE_CONSOLE_ROUTES_H_

#include <optional>

#include "api/database.h"
#include "server/http_exchange.h"
#include "server/http_routes.h"

namespace dynamite {

class ConsoleRoutes : public HttpRoutes {
 public:
  std::optional<HttpResponse> Handle(Database& db, const HttpRequest& request,
                                     AuthorizeFn authorize) const override;
};

}  // namespace dynamite

#endif  // DYNAMITE_CONSOLE_CONSOLE_ROUTES_H_
