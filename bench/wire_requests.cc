#include "bench/wire_requests.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dynamite {

std::string JsonString(absl::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
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
      case '\r':
        out += "\\r";
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
  out += '"';
  return out;
}

std::string CreateTableBody(absl::string_view table,
                            absl::string_view partition_key,
                            absl::string_view sort_key) {
  return absl::StrCat(
      R"({"TableName":)", JsonString(table),
      R"(,"BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":)",
      JsonString(partition_key), R"(,"KeyType":"HASH"},{"AttributeName":)",
      JsonString(sort_key),
      R"(,"KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":)",
      JsonString(partition_key), R"(,"AttributeType":"S"},{"AttributeName":)",
      JsonString(sort_key), R"(,"AttributeType":"S"}]})");
}

std::string TableNameBody(absl::string_view table) {
  return absl::StrCat(R"({"TableName":)", JsonString(table), "}");
}

std::string ItemJson(const LeaderboardItem& item) {
  return absl::StrCat(R"({"leaderboardId":{"S":)",
                      JsonString(item.leaderboard_id), R"(},"rankKey":{"S":)",
                      JsonString(item.rank_key), R"(},"playerId":{"S":)",
                      JsonString(item.player_id), R"(},"score":{"N":")",
                      item.score, R"("},"ts":{"N":")", item.ts,
                      R"("},"name":{"S":)", JsonString(item.name), "}}");
}

std::string ItemJson(const AuditLogItem& item) {
  std::string details =
      absl::StrCat(R"("agent":{"S":)", JsonString(item.agent),
                   R"(},"region":{"S":)", JsonString(item.region),
                   R"(},"session":{"S":)", JsonString(item.session), "}");
  if (item.detail_count >= 4) {
    absl::StrAppend(&details, R"(,"bytes":{"N":")", item.bytes, R"("})");
  }
  if (item.detail_count >= 5) {
    absl::StrAppend(&details, R"(,"ok":{"BOOL":)", item.ok ? "true" : "false",
                    "}");
  }
  return absl::StrCat(
      R"({"PK":{"S":)", JsonString(item.pk), R"(},"SK":{"S":)",
      JsonString(item.sk), R"(},"action":{"S":)", JsonString(item.action),
      R"(},"target":{"S":)", JsonString(item.target), R"(},"ip":{"S":)",
      JsonString(item.ip), R"(},"details":{"M":{)", details, "}}}");
}

std::string BatchWriteBody(absl::string_view table,
                           const std::vector<std::string>& items) {
  std::string body =
      absl::StrCat(R"({"RequestItems":{)", JsonString(table), ":[");
  for (size_t i = 0; i < items.size(); ++i) {
    absl::StrAppend(&body, i == 0 ? "" : ",", R"({"PutRequest":{"Item":)",
                    items[i], "}}");
  }
  body += "]}}";
  return body;
}

std::string Top10Body(absl::string_view season) {
  return absl::StrCat(
      R"({"TableName":"Leaderboard","KeyConditionExpression":"leaderboardId = :s",)",
      R"("ExpressionAttributeValues":{":s":{"S":)", JsonString(season),
      R"(}},"Limit":10})");
}

std::string AroundBody(absl::string_view season, absl::string_view rank_key) {
  return absl::StrCat(
      R"({"TableName":"Leaderboard",)",
      R"("KeyConditionExpression":"leaderboardId = :s AND rankKey >= :k",)",
      R"("ExpressionAttributeValues":{":s":{"S":)", JsonString(season),
      R"(},":k":{"S":)", JsonString(rank_key), R"(}},"Limit":10})");
}

std::string GetLeaderboardItemBody(const LeaderboardItem& item) {
  return absl::StrCat(
      R"({"TableName":"Leaderboard","Key":{"leaderboardId":{"S":)",
      JsonString(item.leaderboard_id), R"(},"rankKey":{"S":)",
      JsonString(item.rank_key), "}}}");
}

std::string Recent20Body(absl::string_view actor_pk) {
  return absl::StrCat(
      R"({"TableName":"AuditLog","KeyConditionExpression":"PK = :a",)",
      R"("ExpressionAttributeValues":{":a":{"S":)", JsonString(actor_pk),
      R"(}},"ScanIndexForward":false,"Limit":20})");
}

}  // namespace dynamite
