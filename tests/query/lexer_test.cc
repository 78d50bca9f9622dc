#include "query/lexer.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dynamite {
namespace {

using ::testing::ElementsAreArray;

// "kind:text" for each token but the final EOF, which is checked apart.
std::vector<std::string> Lex(absl::string_view text) {
  std::vector<Token> tokens = Tokenize(text);
  EXPECT_FALSE(tokens.empty());
  EXPECT_EQ(tokens.back().kind, TokenKind::kEof);
  EXPECT_EQ(tokens.back().offset, text.size());
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const Token& t = tokens[i];
    EXPECT_EQ(text.substr(t.offset, t.text.size()), t.text);
    std::string kind;
    switch (t.kind) {
      case TokenKind::kName:
        kind = "name";
        break;
      case TokenKind::kNamePlaceholder:
        kind = "#ref";
        break;
      case TokenKind::kValuePlaceholder:
        kind = ":ref";
        break;
      case TokenKind::kInteger:
        kind = "int";
        break;
      case TokenKind::kUnknown:
        kind = "unknown";
        break;
      case TokenKind::kEof:
        kind = "EOF";
        break;
      default:
        kind = "punct";
        break;
    }
    out.push_back(kind + ":" + std::string(t.text));
  }
  return out;
}

TEST(LexerTest, SplitsTokens) {
  struct Case {
    std::string text;
    std::vector<std::string> tokens;
  };
  const std::vector<Case> cases = {
      {"", {}},
      {"   \t\r\n ", {}},
      {"a", {"name:a"}},
      {"abc_12 Z9", {"name:abc_12", "name:Z9"}},
      {"#n #1 #_ #abc_9", {"#ref:#n", "#ref:#1", "#ref:#_", "#ref:#abc_9"}},
      {":v :0 :_x", {":ref::v", ":ref::0", ":ref::_x"}},
      {"a[0][12]",
       {"name:a", "punct:[", "int:0", "punct:]", "punct:[", "int:12",
        "punct:]"}},
      {"a.b", {"name:a", "punct:.", "name:b"}},
      {"a=b<>c<d<=e>f>=g",
       {"name:a", "punct:=", "name:b", "punct:<>", "name:c", "punct:<",
        "name:d", "punct:<=", "name:e", "punct:>", "name:f",
        "punct:>=", "name:g"}},
      {"(a,b)+-",
       {"punct:(", "name:a", "punct:,", "name:b", "punct:)", "punct:+",
        "punct:-"}},
      {"< >", {"punct:<", "punct:>"}},
      {"= =", {"punct:=", "punct:="}},
      // Leading zeros split: DynamoDB reads "01" as 0 then 1.
      {"007", {"int:0", "int:0", "int:7"}},
      {"123a", {"int:123", "name:a"}},
      {"_123", {"unknown:_", "int:123"}},
      {"# :", {"unknown:#", "unknown::"}},
      {"a!=b", {"name:a", "unknown:!", "punct:=", "name:b"}},
      {"\"x\"", {"unknown:\"", "name:x", "unknown:\""}},
      {"a-b", {"name:a", "punct:-", "name:b"}},
      {"\xC3\xA9t\xC3\xA9", {"unknown:\xC3\xA9", "name:t", "unknown:\xC3\xA9"}},
      {"\xF0\x9D\x84\x9E", {"unknown:\xF0\x9D\x84\x9E"}},
      {"\xFF\xC3", {"unknown:\xFF", "unknown:\xC3"}},
      {std::string("a\0b", 3),
       {"name:a", std::string("unknown:\0", 9), "name:b"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_THAT(Lex(c.text), ElementsAreArray(c.tokens));
  }
}

TEST(LexerTest, KeywordsMatchAnyCase) {
  std::vector<Token> tokens = Tokenize("and AnD BETWEEN between_x #and");
  EXPECT_TRUE(IsKeyword(tokens[0], "AND"));
  EXPECT_TRUE(IsKeyword(tokens[1], "AND"));
  EXPECT_TRUE(IsKeyword(tokens[2], "BETWEEN"));
  EXPECT_FALSE(IsKeyword(tokens[3], "BETWEEN"));
  EXPECT_FALSE(IsKeyword(tokens[4], "AND"));
}

TEST(LexerTest, SyntaxErrorShowsPreviousBadAndNextToken) {
  struct Case {
    std::string text;
    size_t index;
    std::string message;
  };
  const std::vector<Case> cases = {
      // AWS captures (moto's tests and the reference, §7.1).
      {"SET _123", 1, R"(Syntax error; token: "_", near: "SET _123")"},
      {"SET MyStr = myNum Mystr2 myNum2", 4,
       R"(Syntax error; token: "Mystr2", near: "myNum Mystr2 myNum2")"},
      {"SET MyStr = myNum + 1", 5, R"(Syntax error; token: "1", near: "+ 1")"},
      {"SET MyStr = my Num", 4,
       R"(Syntax error; token: "Num", near: "my Num")"},
      {"SET path = VALUE 1", 4, R"(Syntax error; token: "1", near: "VALUE 1")"},
      {"foo", 1, R"(Syntax error; token: "<EOF>", near: "foo")"},
      // The first token has no previous one; spacing is kept as written.
      {"!a", 0, R"(Syntax error; token: "!", near: "!a")"},
      {"a   !   b", 1, R"(Syntax error; token: "!", near: "a   !   b")"},
      {"a = ", 2, R"(Syntax error; token: "<EOF>", near: "= ")"},
      {"", 0, R"(Syntax error; token: "<EOF>", near: "")"},
      {"l[]", 2, R"(Syntax error; token: "]", near: "[]")"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    std::vector<Token> tokens = Tokenize(c.text);
    ASSERT_LT(c.index, tokens.size());
    EXPECT_EQ(SyntaxErrorMessage(c.text, tokens, c.index), c.message);
  }
}

}  // namespace
}  // namespace dynamite
