// An answer as the follow-up marking reads it: a sequence of terms, one a content word or a
// concept of the field's thesaurus, each knowing its sentence, whether a negation governs it and
// where in the answer's text it came from (to show the words that made a point).
//
// How a text becomes terms:
//  - words are letters and digits ("3,000" is one number, "begins_with" one word); hyphens and other
//    punctuation separate words; contractions are spelled out ("can't" is "can not");
//  - each word is stemmed (Stemmer.h), then the longest thesaurus phrasing at each place becomes
//    its concept (Thesaurus.h): "hash key" and "partition keys" are both the partition key;
//  - a negation ("not", "no", "never", "without", "nor", "rather than", "instead of") governs the
//    next three content terms of its clause; a clause ends at a comma, a colon, a semicolon, the
//    sentence's end or a word that turns the sentence ("but", "and", "because", "so", "which",
//    ...); "not only" negates nothing, and a subject concept (an LSI, the table) is negated only
//    right after the negation ("without an LSI"), not further on ("you can't add an LSI later");
//  - short function words ("the", "is", "can", "each") are dropped: they carry no point.
//
// Phrasings (a rubric's accepts) are read the same way, so a phrasing's own "not" governs its
// words as an answer's would; in a phrasing, "..." is a gap marker (the `gap` term).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::practice {

struct Term {
    std::string text;  // the stem, or the concept's name
    size_t begin = 0;  // bytes of the source text the term came from
    size_t end = 0;
    int sentence = 0;
    bool negated = false;
    bool subject = false;  // a thesaurus subject (see above)
    std::string group;     // the concept's group of rivals, if any (Thesaurus.h)
    bool gap = false;      // a phrasing's "..."
    int clause = 0;        // counted through the text: a comma, a colon or a turning word starts the next
    std::string broader;   // the plain word a phrasing may use for the concept (Thesaurus.h)
};

std::vector<Term> answerTerms(std::string_view text);
std::vector<Term> phrasingTerms(std::string_view phrasing);

// Whether a word is one the marking drops ("the", "is", "can"), as written (lower case).
bool isFunctionWord(std::string_view lowerCaseWord);

// The words of a phrasing that say something: not function words, negations or "...". A rubric's
// phrasing needs two ("postgres" alone is a noun, not the point that a relational database is
// cheaper at small scale).
int contentWords(std::string_view phrasing);

}  // namespace keyplan::practice
