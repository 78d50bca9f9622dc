// Transactions under concurrency: writer threads move money between
// accounts with TransactWriteItems (a conditional Update of the source, an
// Update of the destination, sometimes a ConditionCheck of a third
// account's balance) while reader threads read every account with
// TransactGetItems and Scan. Checks what all-or-nothing commits and snapshot
// reads promise: no reader ever sees a half-applied transfer (the total is
// always exact), no balance goes negative, every transfer either commits whole
// or is cancelled with one reason per action, and the final balances are
// exactly the committed transfers' sum. A second test transfers between two
// tables in both directions, whose commits lock both tables (a lock-order bug
// deadlocks it; a watchdog aborts the process then). Built and run under
// ThreadSanitizer by scripts/test.sh (label concurrency).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include "api/database.h"
#include "common/errors.h"
#include "tests/support/database_fixtures.h"
#include "tests/support/status_matchers.h"

namespace dynamite {
namespace {

using ::dynamite::testing::IsOk;
using ::dynamite::testing::N;
using ::dynamite::testing::S;

constexpr int64_t kStartBalance = 100;
// Writers stop early past this, so that a slow machine (TSan on two cores)
// still finishes; the test then checks fewer transfers, but checks them.
constexpr std::chrono::seconds kWriterTimeBudget{20};
// Longer than any healthy run under TSan; past it the process aborts
// rather than hanging until ctest's timeout.
constexpr std::chrono::seconds kDeadlockTimeout{120};

std::string AccountId(int i) { return absl::StrFormat("acct%03d", i); }

Item AccountKey(int i) { return Item{{"id", S(AccountId(i))}}; }

CreateTableRequest AccountsTable(const std::string& name) {
  return CreateTableRequest{.table_name = name,
                            .key_schema = {{"id", KeySchemaRole::kHash}},
                            .attribute_definitions = {{"id", KeyType::kS}},
                            .billing_mode = BillingMode::kPayPerRequest};
}

void CreateAccounts(Database& db, const std::string& table, int accounts) {
  ASSERT_THAT(db.CreateTable(AccountsTable(table)), IsOk());
  for (int i = 0; i < accounts; ++i) {
    ASSERT_THAT(
        db.PutItem({.table_name = table,
                    .item = {{"id", S(AccountId(i))},
                             {"balance", N(absl::StrCat(kStartBalance))}}}),
        IsOk());
  }
}

// The balance of an account item, or an error naming what is wrong.
absl::StatusOr<int64_t> BalanceOf(const ItemPtr& item) {
  if (item == nullptr) return absl::InternalError("account missing");
  auto it = item->find("balance");
  if (it == item->end() || it->second.type() != ValueType::kN) {
    return absl::InternalError("balance missing or not a number");
  }
  int64_t balance = 0;
  if (!absl::SimpleAtoi(it->second.n().ToString(), &balance)) {
    return absl::InternalError("balance not an integer");
  }
  return balance;
}

// Violations seen by any thread: counted, and the first few kept for the
// failure message.
class Violations {
 public:
  void Add(std::string what) {
    std::lock_guard<std::mutex> lock(mu_);
    ++count_;
    if (first_.size() < 10) first_.push_back(std::move(what));
  }
  int count() const {
    std::lock_guard<std::mutex> lock(mu_);
    return count_;
  }
  std::string Summary() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::string out;
    for (const std::string& what : first_) absl::StrAppend(&out, what, "\n");
    return out;
  }

 private:
  mutable std::mutex mu_;
  int count_ = 0;
  std::vector<std::string> first_;
};

// Aborts the process if not stopped within kDeadlockTimeout: a deadlocked
// commit would otherwise hang the test silently.
class Watchdog {
 public:
  explicit Watchdog(const char* test) {
    thread_ = std::thread([this, test] {
      std::unique_lock<std::mutex> lock(mu_);
      if (!cv_.wait_for(lock, kDeadlockTimeout, [this] { return done_; })) {
        std::fprintf(stderr, "%s: not done after %llds, deadlock suspected\n",
                     test, static_cast<long long>(kDeadlockTimeout.count()));
        std::abort();
      }
    });
  }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_one();
    thread_.join();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

// One account of one table.
struct Account {
  std::string table;
  int index = 0;

  std::string Name() const { return absl::StrCat(table, "/", index); }
};

// A transfer of `amount` from `source` to `destination`; with `checked`, a
// ConditionCheck that that account's balance is not negative (it never is:
// the check must pass, and only the source's condition may cancel). With
// `destination_first`, the destination's Update comes first in the request.
struct Transfer {
  Account source;
  Account destination;
  int64_t amount = 0;
  std::optional<Account> checked;
  bool destination_first = false;
};

TransactWriteItemsRequest TransferRequest(const Transfer& transfer) {
  TransactWriteItem debit{
      .update = TransactUpdate{
          .table_name = transfer.source.table,
          .key = AccountKey(transfer.source.index),
          .update_expression = "SET balance = balance - :amt",
          .condition_expression = "balance >= :amt",
          .expression_attribute_values =
              AttributeMap{{":amt", N(absl::StrCat(transfer.amount))}}}};
  TransactWriteItem credit{
      .update = TransactUpdate{
          .table_name = transfer.destination.table,
          .key = AccountKey(transfer.destination.index),
          .update_expression = "SET balance = balance + :amt",
          .expression_attribute_values =
              AttributeMap{{":amt", N(absl::StrCat(transfer.amount))}}}};
  TransactWriteItemsRequest request;
  if (transfer.destination_first) {
    request.transact_items = {std::move(credit), std::move(debit)};
  } else {
    request.transact_items = {std::move(debit), std::move(credit)};
  }
  if (transfer.checked.has_value()) {
    request.transact_items.push_back(TransactWriteItem{
        .condition_check = ConditionCheck{
            .table_name = transfer.checked->table,
            .key = AccountKey(transfer.checked->index),
            .condition_expression = "balance >= :zero",
            .expression_attribute_values = AttributeMap{{":zero", N("0")}}}});
  }
  return request;
}

enum class Outcome { kCommitted, kCancelled, kFailed };

// Runs `transfer`. A cancellation is legitimate only as the source's
// failed condition, with "None" for every other action; anything else is a
// violation.
Outcome RunTransfer(Database& db, const Transfer& transfer,
                    Violations& violations) {
  TransactWriteResult result = db.TransactWriteItems(TransferRequest(transfer));
  if (result.ok()) return Outcome::kCommitted;
  const std::string what =
      absl::StrFormat("transfer %d %s -> %s: ", transfer.amount,
                      transfer.source.Name(), transfer.destination.Name());
  if (ErrorKindOf(result.status()) != ErrorKind::kTransactionCanceled) {
    violations.Add(absl::StrCat(what, result.status().ToString()));
    return Outcome::kFailed;
  }
  const std::vector<CancellationReason>& reasons =
      result.cancellation_reasons();
  const size_t actions = transfer.checked.has_value() ? 3 : 2;
  const size_t debit = transfer.destination_first ? 1 : 0;
  if (reasons.size() != actions) {
    violations.Add(absl::StrCat(what, reasons.size(), " reasons for ", actions,
                                " actions"));
    return Outcome::kFailed;
  }
  for (size_t i = 0; i < actions; ++i) {
    const std::string expected = i == debit ? "ConditionalCheckFailed" : "None";
    if (reasons[i].code != expected) {
      violations.Add(absl::StrCat(what, "reason ", i, " is ", reasons[i].code,
                                  ", expected ", expected));
      return Outcome::kFailed;
    }
  }
  return Outcome::kCancelled;
}

// Reads `accounts` with one TransactGetItems and returns their balances,
// or records a violation (missing or negative balance) and returns nullopt.
std::optional<std::vector<int64_t>> ReadBalances(
    Database& db, const std::vector<Account>& accounts,
    Violations& violations) {
  TransactGetItemsRequest request;
  for (const Account& account : accounts) {
    request.transact_items.push_back(
        {.table_name = account.table, .key = AccountKey(account.index)});
  }
  absl::StatusOr<TransactGetItemsResponse> got = db.TransactGetItems(request);
  if (!got.ok()) {
    violations.Add(absl::StrCat("TransactGetItems: ", got.status().ToString()));
    return std::nullopt;
  }
  if (got->responses.size() != accounts.size()) {
    violations.Add(absl::StrCat("TransactGetItems returned ",
                                got->responses.size(), " items for ",
                                accounts.size(), " gets"));
    return std::nullopt;
  }
  std::vector<int64_t> balances;
  for (size_t i = 0; i < accounts.size(); ++i) {
    absl::StatusOr<int64_t> balance = BalanceOf(got->responses[i]);
    if (!balance.ok()) {
      violations.Add(absl::StrCat("TransactGetItems ", accounts[i].Name(), ": ",
                                  balance.status().message()));
      return std::nullopt;
    }
    if (*balance < 0) {
      violations.Add(absl::StrCat("TransactGetItems saw ", accounts[i].Name(),
                                  " at ", *balance));
    }
    balances.push_back(*balance);
  }
  return balances;
}

int64_t Sum(const std::vector<int64_t>& values) {
  int64_t sum = 0;
  for (int64_t value : values) sum += value;
  return sum;
}

// Scans `table` (one page) and returns the sum of its balances, or records
// a violation and returns nullopt.
std::optional<int64_t> ScanTotal(Database& db, const std::string& table,
                                 int accounts, Violations& violations) {
  absl::StatusOr<ScanResponse> page = db.Scan({.table_name = table});
  if (!page.ok()) {
    violations.Add(absl::StrCat("Scan: ", page.status().ToString()));
    return std::nullopt;
  }
  if (page->items.size() != static_cast<size_t>(accounts) ||
      page->last_evaluated_key.has_value()) {
    violations.Add(absl::StrCat(
        "Scan returned ", page->items.size(),
        " items, more pages: ", page->last_evaluated_key.has_value()));
    return std::nullopt;
  }
  int64_t sum = 0;
  for (const ItemPtr& item : page->items) {
    absl::StatusOr<int64_t> balance = BalanceOf(item);
    if (!balance.ok()) {
      violations.Add(absl::StrCat("Scan: ", balance.status().message()));
      return std::nullopt;
    }
    if (*balance < 0) {
      violations.Add(absl::StrCat("Scan saw a balance of ", *balance));
    }
    sum += *balance;
  }
  return sum;
}

// What the writers did, for the final checks: per table, per account, the
// net amount committed transfers moved in.
struct Ledger {
  std::atomic<int> attempted{0};
  std::atomic<int> committed{0};
  std::atomic<int> cancelled{0};
  std::mutex mu;
  std::map<std::string, std::vector<int64_t>> net;  // guarded by mu

  void Record(const Transfer& transfer, Outcome outcome) {
    ++attempted;
    if (outcome == Outcome::kCancelled) ++cancelled;
    if (outcome != Outcome::kCommitted) return;
    ++committed;
    std::lock_guard<std::mutex> lock(mu);
    net[transfer.source.table][transfer.source.index] -= transfer.amount;
    net[transfer.destination.table][transfer.destination.index] +=
        transfer.amount;
  }
};

// Checks each account of `table` holds its start balance plus what the
// committed transfers moved in.
void ExpectBalancesMatchLedger(Database& db, const std::string& table,
                               int accounts, Ledger& ledger) {
  std::vector<Account> all;
  for (int i = 0; i < accounts; ++i) all.push_back({table, i});
  Violations violations;
  std::optional<std::vector<int64_t>> balances =
      ReadBalances(db, all, violations);
  ASSERT_TRUE(balances.has_value()) << violations.Summary();
  std::lock_guard<std::mutex> lock(ledger.mu);
  const std::vector<int64_t>& net = ledger.net[table];
  for (int i = 0; i < accounts; ++i) {
    EXPECT_EQ((*balances)[i], kStartBalance + net[i])
        << "account " << all[i].Name();
  }
}

constexpr int kAccounts = 100;
constexpr int64_t kTotal = kAccounts * kStartBalance;
constexpr int kWriters = 4;
constexpr int kTransfersPerWriter = 300;
// Reads that must overlap the transfers (see the writers' loop).
constexpr int kMinOverlappingReads = 4;

TEST(TransactionIsolationTest, ReadersNeverSeeHalfATransfer) {
  Watchdog watchdog("ReadersNeverSeeHalfATransfer");
  Database db;
  ASSERT_NO_FATAL_FAILURE(CreateAccounts(db, "accounts", kAccounts));
  Ledger ledger;
  ledger.net["accounts"].assign(kAccounts, 0);
  Violations violations;
  std::atomic<int> writers_left{kWriters};
  std::atomic<int> full_reads{0};
  std::atomic<int> scans{0};
  std::atomic<int> pair_reads{0};
  const auto deadline = std::chrono::steady_clock::now() + kWriterTimeBudget;

  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      std::mt19937 random(1000 + w);
      std::uniform_int_distribution<int> account(0, kAccounts - 1);
      // Up to a little more than a balance: some transfers must cancel.
      std::uniform_int_distribution<int64_t> amount(1, 120);
      // On a loaded machine the readers may not have run yet when the
      // quota is done: the writers go on until they have read a little
      // (or the time budget is spent), so that reads overlap transfers.
      auto more = [&](int i) {
        return (i < kTransfersPerWriter ||
                full_reads.load() + scans.load() < kMinOverlappingReads) &&
               std::chrono::steady_clock::now() < deadline;
      };
      for (int i = 0; more(i); ++i) {
        Transfer transfer{.source = {"accounts", account(random)},
                          .amount = amount(random)};
        do {
          transfer.destination = {"accounts", account(random)};
        } while (transfer.destination.index == transfer.source.index);
        if (i % 3 == 0) {
          Account checked{"accounts", account(random)};
          while (checked.index == transfer.source.index ||
                 checked.index == transfer.destination.index) {
            checked.index = account(random);
          }
          transfer.checked = checked;
        }
        transfer.destination_first = (i % 2 == 1);
        ledger.Record(transfer, RunTransfer(db, transfer, violations));
      }
      --writers_left;
    });
  }
  // Two readers of everything: one TransactGetItems of all 100 accounts,
  // then one Scan, in turn.
  std::vector<Account> all;
  for (int i = 0; i < kAccounts; ++i) all.push_back({"accounts", i});
  for (int r = 0; r < 2; ++r) {
    threads.emplace_back([&, r] {
      for (int round = r; writers_left.load() > 0; ++round) {
        if (round % 2 == 0) {
          std::optional<std::vector<int64_t>> balances =
              ReadBalances(db, all, violations);
          if (balances.has_value() && Sum(*balances) != kTotal) {
            violations.Add(
                absl::StrCat("TransactGetItems of all saw a total "
                             "of ",
                             Sum(*balances)));
          }
          ++full_reads;
        } else {
          std::optional<int64_t> total =
              ScanTotal(db, "accounts", kAccounts, violations);
          if (total.has_value() && *total != kTotal) {
            violations.Add(absl::StrCat("Scan saw a total of ", *total));
          }
          ++scans;
        }
      }
    });
  }
  // One reader of two random accounts at a time (ReadBalances flags a
  // negative balance).
  threads.emplace_back([&] {
    std::mt19937 random(7);
    std::uniform_int_distribution<int> account(0, kAccounts - 1);
    while (writers_left.load() > 0) {
      const int a = account(random);
      int b = account(random);
      while (b == a) b = account(random);
      (void)ReadBalances(db, {{"accounts", a}, {"accounts", b}}, violations);
      ++pair_reads;
    }
  });
  for (std::thread& thread : threads) thread.join();

  EXPECT_EQ(violations.count(), 0) << violations.Summary();
  EXPECT_GT(ledger.committed.load(), 0);
  EXPECT_EQ(ledger.committed.load() + ledger.cancelled.load(),
            ledger.attempted.load());
  EXPECT_GT(full_reads.load() + scans.load(), 0);
  std::optional<int64_t> total =
      ScanTotal(db, "accounts", kAccounts, violations);
  ASSERT_TRUE(total.has_value()) << violations.Summary();
  EXPECT_EQ(*total, kTotal);
  ExpectBalancesMatchLedger(db, "accounts", kAccounts, ledger);
  std::printf(
      "transfers: %d attempted, %d committed, %d cancelled; reads: %d "
      "TransactGetItems of all, %d Scans, %d pairs\n",
      ledger.attempted.load(), ledger.committed.load(), ledger.cancelled.load(),
      full_reads.load(), scans.load(), pair_reads.load());
}

// Transfers between table A (accounts_a) and table B (accounts_b), A -> B from
// some threads and B -> A from others, the actions in both orders: each commit
// locks both tables, so inconsistent lock ordering would deadlock.
TEST(TransactionIsolationTest, TransfersAcrossTwoTablesNeitherDeadlockNorTear) {
  Watchdog watchdog("TransfersAcrossTwoTablesNeitherDeadlockNorTear");
  constexpr int kPerTable = 10;
  constexpr int kCrossWriters = 4;
  constexpr int kCrossTransfers = 150;
  constexpr int64_t kCrossTotal = 2 * kPerTable * kStartBalance;
  Database db;
  ASSERT_NO_FATAL_FAILURE(CreateAccounts(db, "accounts_a", kPerTable));
  ASSERT_NO_FATAL_FAILURE(CreateAccounts(db, "accounts_b", kPerTable));
  Ledger ledger;
  ledger.net["accounts_a"].assign(kPerTable, 0);
  ledger.net["accounts_b"].assign(kPerTable, 0);
  Violations violations;
  std::atomic<int> writers_left{kCrossWriters};
  std::atomic<int> reads{0};
  const auto deadline = std::chrono::steady_clock::now() + kWriterTimeBudget;

  std::vector<std::thread> threads;
  for (int w = 0; w < kCrossWriters; ++w) {
    threads.emplace_back([&, w] {
      std::mt19937 random(2000 + w);
      std::uniform_int_distribution<int> account(0, kPerTable - 1);
      std::uniform_int_distribution<int64_t> amount(1, 120);
      // Even writers move A -> B, odd ones B -> A.
      const std::string from = w % 2 == 0 ? "accounts_a" : "accounts_b";
      const std::string to = w % 2 == 0 ? "accounts_b" : "accounts_a";
      for (int i = 0;
           i < kCrossTransfers && std::chrono::steady_clock::now() < deadline;
           ++i) {
        Transfer transfer{.source = {from, account(random)},
                          .destination = {to, account(random)},
                          .amount = amount(random),
                          .destination_first = ((i + w / 2) % 2 == 1)};
        if (i % 4 == 0) {
          // Checked in the source's table, never the source itself.
          Account checked{from, account(random)};
          while (checked.index == transfer.source.index) {
            checked.index = account(random);
          }
          transfer.checked = checked;
        }
        ledger.Record(transfer, RunTransfer(db, transfer, violations));
      }
      --writers_left;
    });
  }
  // Reads every account of both tables in one TransactGetItems, listing
  // the tables in alternating order.
  threads.emplace_back([&] {
    for (int round = 0; writers_left.load() > 0; ++round) {
      std::vector<Account> both;
      for (int i = 0; i < kPerTable; ++i) {
        both.push_back({round % 2 == 0 ? "accounts_a" : "accounts_b", i});
        both.push_back({round % 2 == 0 ? "accounts_b" : "accounts_a", i});
      }
      std::optional<std::vector<int64_t>> balances =
          ReadBalances(db, both, violations);
      if (balances.has_value() && Sum(*balances) != kCrossTotal) {
        violations.Add(
            absl::StrCat("TransactGetItems of A and B saw a total "
                         "of ",
                         Sum(*balances)));
      }
      ++reads;
    }
  });
  for (std::thread& thread : threads) thread.join();

  EXPECT_EQ(violations.count(), 0) << violations.Summary();
  EXPECT_GT(ledger.committed.load(), 0);
  EXPECT_EQ(ledger.committed.load() + ledger.cancelled.load(),
            ledger.attempted.load());
  ExpectBalancesMatchLedger(db, "accounts_a", kPerTable, ledger);
  ExpectBalancesMatchLedger(db, "accounts_b", kPerTable, ledger);
  std::printf(
      "transfers: %d attempted, %d committed, %d cancelled; %d reads of "
      "both tables\n",
      ledger.attempted.load(), ledger.committed.load(), ledger.cancelled.load(),
      reads.load());
}

}  // namespace
}  // namespace dynamite
