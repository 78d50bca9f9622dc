#!/usr/bin/env python3
"""Writes the seed data sets of the linter's golden tests (issue 6).

Small versions of the two workloads in workloads.md, from fixed seeds, in
the shape of DynamoDB's export to S3 (one {"Item": {...}} per line):

  leaderboard_raw.jsonl     rankKey = raw score # player: flagged
  leaderboard_padded.jsonl  rankKey = inverted padded score # padded
                            epoch millis # player (workload L): clean
  audit_iso.jsonl           SK = EVT#<ISO-8601 UTC millis>#<seq> (workload
                            A): clean
  audit_us_dates.jsonl      the same log with 6/23/2026-style dates: flagged

Run it from anywhere; it rewrites the files beside itself. The .expected
files are the linter's output for them (see lint_golden_test.cc).
"""
import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SEASONS = ["SEASON#2026-SPRING", "SEASON#2026-SUMMER", "SEASON#2026-AUTUMN",
           "SEASON#2026-WINTER"]


def write(name, items):
    with open(os.path.join(HERE, name), "w") as f:
        for item in items:
            f.write(json.dumps({"Item": item}, separators=(",", ":")) + "\n")


def leaderboard(rng):
    entries = []
    for season in SEASONS:
        for _ in range(8):
            # Skewed: many low scores, a few high ones, up to 10,000,000.
            score = int(10_000_000 * rng.random() ** 4)
            ts = 1_719_100_800_000 + rng.randrange(90 * 86_400_000)
            player = "p_%d" % rng.randrange(10_000)
            entries.append((season, score, ts, player))
    return entries


def leaderboard_item(season, rank_key, score, ts, player):
    return {"leaderboardId": {"S": season}, "rankKey": {"S": rank_key},
            "playerId": {"S": player}, "score": {"N": str(score)},
            "ts": {"N": str(ts)}, "name": {"S": "player " + player}}


def audit_log(rng):
    events = []
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    for actor, count in [("u_1", 10), ("u_2", 9), ("u_3", 8), ("u_4", 7)]:
        for seq in range(1, count + 1):
            at = start + datetime.timedelta(
                milliseconds=rng.randrange(365 * 86_400_000))
            events.append(("ACTOR#" + actor, at, seq))
    return events


def audit_item(pk, sk, rng):
    return {"PK": {"S": pk}, "SK": {"S": sk},
            "action": {"S": rng.choice(["login", "update", "delete"])},
            "target": {"S": "doc_%d" % rng.randrange(100)},
            "ip": {"S": "10.0.0.%d" % rng.randrange(1, 255)},
            "details": {"M": {"agent": {"S": "cli"},
                              "ok": {"BOOL": True},
                              "bytes": {"N": str(rng.randrange(10_000))}}}}


def main():
    rng = random.Random(6)
    entries = leaderboard(rng)
    write("leaderboard_raw.jsonl", [
        leaderboard_item(s, "%d#%s" % (score, p), score, ts, p)
        for s, score, ts, p in entries])
    write("leaderboard_padded.jsonl", [
        leaderboard_item(s, "%010d#%016d#%s" % (9_999_999_999 - score, ts, p),
                         score, ts, p)
        for s, score, ts, p in entries])

    rng = random.Random(7)
    events = audit_log(rng)
    iso, us = [], []
    for pk, at, seq in events:
        detail_rng = random.Random(seq * 1000 + len(iso))
        iso.append(audit_item(pk, "EVT#%s.%03dZ#%04d" % (
            at.strftime("%Y-%m-%dT%H:%M:%S"), at.microsecond // 1000, seq),
            detail_rng))
        detail_rng = random.Random(seq * 1000 + len(us))
        us.append(audit_item(pk, "EVT#%d/%d/%d %s#%04d" % (
            at.month, at.day, at.year, at.strftime("%H:%M:%S"), seq),
            detail_rng))
    write("audit_iso.jsonl", iso)
    write("audit_us_dates.jsonl", us)


if __name__ == "__main__":
    main()
