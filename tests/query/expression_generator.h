// Random condition expressions for the randomized parser tests: valid
// ones generated from the grammar (over the placeholders of
// parser_test_support.h), and random edits that make most of them invalid.
//
// Thread safety: a generator belongs to one test on one thread.

#ifndef DYNAMITE_TESTS_QUERY_EXPRESSION_GENERATOR_H_
#define DYNAMITE_TESTS_QUERY_EXPRESSION_GENERATOR_H_

#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "query/lexer.h"

namespace dynamite::testing {

class ExpressionGenerator {
 public:
  explicit ExpressionGenerator(uint32_t seed) : rng_(seed) {}

  // A valid condition; `parenthesized` reports whether the result is
  // wrapped in one pair of parentheses (a second pair would be redundant).
  std::string Condition(int depth, bool* parenthesized) {
    *parenthesized = false;
    const int choice = Pick(depth > 0 ? 9 : 5);
    bool inner_parens = false;
    switch (choice) {
      case 0:
        return absl::StrCat(Path(), " ",
                            Pick({"=", "<>", "<", "<=", ">", ">="}), " ",
                            Pick({":s", ":n"}));
      case 1:
        return absl::StrCat(Path(), " ", Pick({"BETWEEN", "between"}), " :n ",
                            Pick({"AND", "and"}), " :n2");
      case 2: {
        std::vector<std::string> list;
        const int n = 1 + Pick(5);
        for (int i = 0; i < n; ++i) list.push_back(Pick({":s", ":n", ":l"}));
        return absl::StrCat(Path(), " IN (", absl::StrJoin(list, ", "), ")");
      }
      case 3:
        return Function();
      case 4:
        return absl::StrCat("size(", Path(), ") ", Pick({"=", "<", ">="}),
                            " :n");
      case 5: {
        const std::string inner = Condition(depth - 1, &inner_parens);
        return absl::StrCat(Pick({"NOT ", "not "}), inner);
      }
      case 6:
      case 7: {
        const std::string left = Condition(depth - 1, &inner_parens);
        const std::string right = Condition(depth - 1, &inner_parens);
        return absl::StrCat(
            left, " ", choice == 6 ? Pick({"AND", "and"}) : Pick({"OR", "Or"}),
            " ", right);
      }
      default: {
        const std::string inner = Condition(depth - 1, &inner_parens);
        *parenthesized = true;
        if (inner_parens) return inner;
        return absl::StrCat("(", inner, ")");
      }
    }
  }

  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  const char* Pick(std::initializer_list<const char*> options) {
    return options.begin()[Pick(static_cast<int>(options.size()))];
  }
  std::mt19937& rng() { return rng_; }

 private:
  std::string Path() {
    std::string path = Pick({"a", "b", "c", "x1", "foo_bar", "#c", "#p"});
    const int steps = Pick(3);
    for (int i = 0; i < steps; ++i) {
      if (Pick(2) == 0) {
        absl::StrAppend(&path, ".", Pick({"m", "n2", "#p"}));
      } else {
        absl::StrAppend(&path, "[", Pick(20), "]");
      }
    }
    return path;
  }

  std::string Function() {
    switch (Pick(5)) {
      case 0:
        return absl::StrCat("attribute_exists(", Path(), ")");
      case 1:
        return absl::StrCat("attribute_not_exists (", Path(), ")");
      case 2:
        return absl::StrCat("begins_with(", Path(), ", :s)");
      case 3:
        return absl::StrCat("contains(", Path(), ", :n)");
      default:
        return absl::StrCat("attribute_type(", Path(), ", :t)");
    }
  }

  std::mt19937 rng_;
};

// Applies one random edit to `text`.
inline std::string Mutate(const std::string& text, ExpressionGenerator& gen) {
  static const char* const kSnippets[] = {"(",
                                          ")",
                                          "((",
                                          "))",
                                          "AND",
                                          "OR",
                                          "NOT",
                                          ",",
                                          "[",
                                          "]",
                                          "[0]",
                                          "1",
                                          "-",
                                          "+",
                                          ":zz",
                                          "#zz",
                                          ":",
                                          "#",
                                          ".",
                                          "size(",
                                          "=",
                                          "<>",
                                          "<",
                                          ">=",
                                          "IN",
                                          "BETWEEN",
                                          "\"",
                                          "_",
                                          "!",
                                          "name",
                                          "dog(",
                                          ":s",
                                          "a.",
                                          "[99999999999]",
                                          "attribute_exists(",
                                          "\xC3\xA9",
                                          "\xFF"};
  std::vector<Token> tokens = Tokenize(text);
  tokens.pop_back();  // EOF
  std::string out = text;
  switch (gen.Pick(6)) {
    case 0: {  // delete a token
      if (tokens.empty()) break;
      const Token& t = tokens[gen.Pick(static_cast<int>(tokens.size()))];
      out.erase(t.offset, t.text.size());
      break;
    }
    case 1: {  // insert a snippet
      const size_t at = gen.Pick(static_cast<int>(text.size()) + 1);
      out.insert(at, absl::StrCat(
                         " ", kSnippets[gen.Pick(std::size(kSnippets))], " "));
      break;
    }
    case 2: {  // swap two tokens
      if (tokens.size() < 2) break;
      const Token a = tokens[gen.Pick(static_cast<int>(tokens.size()))];
      const Token b = tokens[gen.Pick(static_cast<int>(tokens.size()))];
      if (a.offset >= b.offset) break;
      out = absl::StrCat(text.substr(0, a.offset), b.text,
                         text.substr(a.end(), b.offset - a.end()), a.text,
                         text.substr(b.end()));
      break;
    }
    case 3: {  // overwrite bytes with garbage
      const int n = 1 + gen.Pick(3);
      for (int i = 0; i < n && !out.empty(); ++i) {
        out[gen.Pick(static_cast<int>(out.size()))] =
            static_cast<char>(gen.Pick(256));
      }
      break;
    }
    case 4:  // truncate
      out.resize(gen.Pick(static_cast<int>(text.size()) + 1));
      break;
    default: {  // duplicate a slice
      const size_t from = gen.Pick(static_cast<int>(text.size()) + 1);
      const size_t length = gen.Pick(static_cast<int>(text.size() - from) + 1);
      out.insert(from, text.substr(from, length));
      break;
    }
  }
  return out;
}

}  // namespace dynamite::testing

#endif  // DYNAMITE_TESTS_QUERY_EXPRESSION_GENERATOR_H_
