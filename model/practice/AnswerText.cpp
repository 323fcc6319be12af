#include "practice/AnswerText.h"

#include "practice/Stemmer.h"
#include "practice/Thesaurus.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace keyplan::practice {

namespace {

// How many content terms after a negation it governs.
constexpr int kNegationReach = 3;

// One word of the text, before the thesaurus.
struct Word {
    std::string raw;   // lower case, contractions spelled out
    std::string stem;  // the stem (numbers as written)
    size_t begin = 0, end = 0;
    int sentence = 0;
    bool clauseStart = false;
    bool gap = false;
};

bool wordByte(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }
// U+2010..U+203F (dashes, quotes, the ellipsis) are punctuation though their bytes are >= 0x80.
bool unicodePunctuation(std::string_view t, size_t i)
{
    return i + 2 < t.size() && static_cast<unsigned char>(t[i]) == 0xE2 && static_cast<unsigned char>(t[i + 1]) == 0x80;
}
size_t apostropheAt(std::string_view t, size_t i)
{
    if (t[i] == '\'') return 1;
    if (unicodePunctuation(t, i) && static_cast<unsigned char>(t[i + 2]) == 0x99) return 3;  // ’
    return 0;
}

std::string stemOf(const std::string& raw)
{
    // GSI1, LSI2: an index by its kind.
    if (raw.size() > 3 && (raw.starts_with("gsi") || raw.starts_with("lsi")) &&
        std::all_of(raw.begin() + 3, raw.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return raw.substr(0, 3);
    const bool number = std::all_of(raw.begin(), raw.end(),
                                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
    return number ? raw : stemWord(raw);
}

// "can't" -> can not, "isn't" -> is not, "cannot" -> can not, "it's" -> it.
std::vector<std::string> spelledOut(const std::string& w)
{
    static const std::map<std::string, std::string, std::less<>> glued{
        {"cannot", "can"}, {"cant", "can"},  {"dont", "do"},   {"doesnt", "does"},     {"isnt", "is"},      {"arent", "are"},
        {"wont", "will"},  {"didnt", "did"}, {"wasnt", "was"}, {"shouldnt", "should"}, {"couldnt", "could"}};
    if (auto g = glued.find(w); g != glued.end()) return {g->second, "not"};
    const size_t apostrophe = w.find('\'');
    if (apostrophe == std::string::npos) return {w};
    std::string base = w.substr(0, apostrophe);
    const std::string suffix = w.substr(apostrophe + 1);
    if (suffix != "t" || base.empty() || base.back() != 'n') return {base};
    base.pop_back();
    static const std::map<std::string, std::string, std::less<>> irregular{
        {"ca", "can"}, {"wo", "will"}, {"sha", "shall"}, {"ai", "is"}};
    if (auto i = irregular.find(base); i != irregular.end()) base = i->second;
    return {base, "not"};
}

// Reads a word starting at `i`; advances `i` past it.
std::string readWord(std::string_view t, size_t& i)
{
    std::string w;
    while (i < t.size()) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (const size_t a = apostropheAt(t, i); a && !w.empty() && i + a < t.size() &&
                                                 wordByte(static_cast<unsigned char>(t[i + a])) && !unicodePunctuation(t, i + a)) {
            w.push_back('\'');
            i += a;
            continue;
        }
        const bool digitBefore = !w.empty() && std::isdigit(static_cast<unsigned char>(w.back()));
        auto digit = [&](size_t k) { return k < t.size() && std::isdigit(static_cast<unsigned char>(t[k])); };
        if (c == ',' && digitBefore && digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4)) {
            i += 1;  // 3,000
            continue;
        }
        if (c == '.' && digitBefore && i + 1 < t.size() && std::isdigit(static_cast<unsigned char>(t[i + 1]))) {
            w.push_back('.');  // 2.5
            ++i;
            continue;
        }
        if (!wordByte(c) || unicodePunctuation(t, i)) break;
        w.push_back(static_cast<char>(std::tolower(c)));
        ++i;
    }
    return w;
}

std::vector<Word> words(std::string_view t, bool phrasing)
{
    std::vector<Word> out;
    int sentence = 0;
    bool clause = true;
    size_t i = 0;
    while (i < t.size()) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (phrasing && t.substr(i, 3) == "...") {
            out.push_back({"", "", i, i + 3, sentence, false, true});
            i += 3;
            continue;
        }
        if (wordByte(c) && !unicodePunctuation(t, i)) {
            const size_t begin = i;
            const std::string w = readWord(t, i);
            for (const auto& part : spelledOut(w)) {
                out.push_back({part, stemOf(part), begin, i, sentence, clause, false});
                clause = false;
            }
            continue;
        }
        if (c == '.' || c == '!' || c == '?' || c == '\n') {
            if (!clause || !out.empty()) ++sentence;
            clause = true;
        } else if (c != ' ' && c != '\t' && c != '\'' && c != '"' && c != '-' && c != '/' && c != '=' && c != '#') {
            clause = true;  // , : ( ) and the dashes, an ellipsis
        }
        i += unicodePunctuation(t, i) ? 3 : 1;
    }
    return out;
}

// The thesaurus as stem sequences, longest first under each first stem.
struct Entry {
    std::vector<std::string> stems;
    const Concept* meaning = nullptr;
};
const std::map<std::string, std::vector<Entry>, std::less<>>& entries()
{
    static const auto table = [] {
        std::map<std::string, std::vector<Entry>, std::less<>> out;
        for (const Concept& c : thesaurus()) {
            for (const auto& p : c.phrasings) {
                Entry e{{}, &c};
                for (const Word& w : words(p, false)) e.stems.push_back(w.stem);
                if (!e.stems.empty()) out[e.stems.front()].push_back(std::move(e));
            }
        }
        for (auto& [first, list] : out)
            std::stable_sort(list.begin(), list.end(),
                             [](const Entry& a, const Entry& b) { return a.stems.size() > b.stems.size(); });
        return out;
    }();
    return table;
}

const Entry* conceptAt(const std::vector<Word>& w, size_t i)
{
    if (w[i].gap) return nullptr;
    const auto found = entries().find(w[i].stem);
    if (found == entries().end()) return nullptr;
    for (const Entry& e : found->second) {
        if (i + e.stems.size() > w.size()) continue;
        bool same = true;
        for (size_t k = 0; k < e.stems.size() && same; ++k)
            same = !w[i + k].gap && w[i + k].sentence == w[i].sentence && w[i + k].stem == e.stems[k];
        if (same) return &e;
    }
    return nullptr;
}

bool isNegation(const std::string& raw)
{
    static const std::set<std::string, std::less<>> words{"not", "no", "never", "without", "nor", "neither", "none", "nothing"};
    return words.count(raw) > 0;
}

// Words that start a new claim: a negation before them does not reach past them.
bool turnsTheSentence(const std::string& raw)
{
    static const std::set<std::string, std::less<>> words{"but",  "however", "although", "though",  "whereas", "while",
                                                          "yet",  "so",      "because",  "since",   "which",   "and",
                                                          "then", "unless",  "except",   "instead", "also",    "otherwise"};
    return words.count(raw) > 0;
}

Term termOf(const std::string& text, const Word& w)
{
    Term t;
    t.text = text;
    t.begin = w.begin;
    t.end = w.end;
    t.sentence = w.sentence;
    return t;
}

// A negation governs the next kNegationReach content terms of its clause. A subject concept (an
// LSI, the table) is negated only right after the negation ("without an LSI", "no GSI"); further
// on ("you can't add an LSI later") the negation is about the claim, and skips it.
std::vector<Term> terms(std::string_view text, bool phrasing)
{
    const std::vector<Word> w = words(text, phrasing);
    std::vector<Term> out;
    int reach = 0;
    bool justNegated = false;
    int sentence = -1;
    int clause = 0;
    auto add = [&](Term t) {
        t.clause = clause;
        if (reach > 0 && (!t.subject || justNegated)) {
            t.negated = true;
            --reach;
        }
        justNegated = false;
        out.push_back(std::move(t));
    };
    for (size_t i = 0; i < w.size(); ++i) {
        if (w[i].sentence != sentence || w[i].clauseStart) {
            reach = 0;
            ++clause;
        }
        sentence = w[i].sentence;
        if (w[i].gap) {
            Term gap = termOf("", w[i]);
            gap.gap = true;
            out.push_back(std::move(gap));
            continue;
        }
        if (const Entry* e = conceptAt(w, i)) {
            Term t = termOf(e->meaning->name, w[i]);
            t.end = w[i + e->stems.size() - 1].end;
            t.subject = e->meaning->subject;
            t.group = rivalGroup(e->meaning->name);
            t.broader = broaderWord(e->meaning->name);
            add(std::move(t));
            i += e->stems.size() - 1;
            continue;
        }
        const std::string& raw = w[i].raw;
        const std::string next = i + 1 < w.size() ? w[i + 1].raw : std::string();
        const bool twoWords = (raw == "rather" && next == "than") || (raw == "instead" && next == "of");
        if (twoWords || isNegation(raw)) {
            if (raw == "not" && next == "only") {
                ++i;  // "not only": nothing is denied
                continue;
            }
            reach = kNegationReach;
            justNegated = true;
            if (twoWords) ++i;
            continue;
        }
        // A turning word ends a negation's reach, except right after it: "not because tables cost money".
        if (turnsTheSentence(raw)) {
            if (!justNegated) {
                reach = 0;
                ++clause;
            }
            continue;
        }
        // "can't serve more than 3,000 reads": a bound, not a denial of what follows.
        if ((raw == "more" || raw == "less" || raw == "fewer") && next == "than") {
            reach = 0;
            ++i;
            continue;
        }
        if (isFunctionWord(raw)) continue;
        add(termOf(w[i].stem, w[i]));
    }
    return out;
}

}  // namespace

bool isFunctionWord(std::string_view lowerCaseWord)
{
    static const std::set<std::string, std::less<>> words{
        "a",         "an",       "the",   "of",      "to",       "in",        "on",        "at",     "for",    "with",    "by",
        "from",      "as",       "into",  "onto",    "about",    "is",        "are",       "was",    "were",   "be",      "been",
        "being",     "am",       "it",    "its",     "this",     "that",      "these",     "those",  "there",  "here",    "than",
        "such",      "do",       "does",  "did",     "doing",    "done",      "have",      "has",    "had",    "having",  "can",
        "could",     "will",     "would", "shall",   "should",   "may",       "might",     "must",   "i",      "you",     "he",
        "she",       "we",       "they",  "me",      "us",       "them",      "my",        "your",   "our",    "their",   "his",
        "her",       "what",     "who",   "whom",    "whose",    "when",      "where",     "why",    "how",    "all",     "any",
        "each",      "every",    "some",  "both",    "either",   "just",      "only",      "very",   "really", "quite",   "much",
        "many",      "more",     "most",  "less",    "other",    "another",   "too",       "via",    "if",     "whether", "or",
        "something", "anything", "thing", "things",  "way",      "actually",  "basically", "simply", "use",    "used",    "using",
        "get",       "gets",     "got",   "go",      "goes",     "make",      "makes",     "made",   "let",    "lets",    "like",
        "well",      "even",     "still", "already", "whatever", "whichever", "yes"};
    return words.count(lowerCaseWord) > 0;
}

int contentWords(std::string_view phrasing)
{
    int n = 0;
    for (const Word& w : words(phrasing, true))
        n += (!w.gap && !isNegation(w.raw) && !isFunctionWord(w.raw) && !turnsTheSentence(w.raw)) ? 1 : 0;
    return n;
}

std::vector<Term> answerTerms(std::string_view text) { return terms(text, false); }
std::vector<Term> phrasingTerms(std::string_view phrasing) { return terms(phrasing, true); }

}  // namespace keyplan::practice
