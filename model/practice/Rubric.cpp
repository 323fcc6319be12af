#include "practice/Rubric.h"

#include <cctype>
#include <string_view>

namespace keyplan::practice {

namespace {

std::vector<std::string> words(std::string_view text)
{
    std::vector<std::string> out;
    std::string word;
    for (unsigned char c : text) {
        // Bytes of UTF-8 sequences count as letters, so "naïve" stays one word.
        if (std::isalnum(c) || c >= 0x80) {
            word.push_back(static_cast<char>(std::tolower(c)));
        } else if (!word.empty()) {
            out.push_back(std::move(word));
            word.clear();
        }
    }
    if (!word.empty()) out.push_back(std::move(word));
    return out;
}

// Whether an answer's word says a phrasing's word: the word itself, or (for words of three letters
// or more) its plural, past or -ing form: shard -> shards, sharded, sharding; throttle -> throttled,
// throttling; scan -> scanned; query -> queries.
bool sameWord(const std::string& phrased, const std::string& said)
{
    if (said == phrased) return true;
    const size_t n = phrased.size();
    if (n < 3 || said.size() <= n) return false;
    const std::string_view stem(phrased);
    const std::string_view rest = std::string_view(said).substr(n);
    const bool sameStart = std::string_view(said).starts_with(stem);
    if (sameStart && (rest == "s" || rest == "es" || rest == "d" || rest == "ed" || rest == "ing")) return true;
    const char last = phrased.back();
    if (sameStart && rest.size() > 1 && rest.front() == last && (rest.substr(1) == "ed" || rest.substr(1) == "ing"))
        return true;  // scan -> scanned, pad -> padded
    const std::string_view trunk = stem.substr(0, n - 1);
    const std::string_view tail = std::string_view(said).substr(n - 1);
    if (!std::string_view(said).starts_with(trunk)) return false;
    if (last == 'e' && tail == "ing") return true;                     // throttle -> throttling
    if (last == 'y' && (tail == "ies" || tail == "ied")) return true;  // query -> queries
    return false;
}

// Where `part` occurs as consecutive words in `answer` from `from` on; the index after it, or npos.
size_t find(const std::vector<std::string>& answer, const std::vector<std::string>& part, size_t from)
{
    if (part.empty()) return from;
    for (size_t i = from; i + part.size() <= answer.size(); ++i) {
        bool all = true;
        for (size_t j = 0; j < part.size() && all; ++j) all = sameWord(part[j], answer[i + j]);
        if (all) return i + part.size();
    }
    return std::string::npos;
}

}  // namespace

bool phrasingMatches(std::string_view phrasing, std::string_view answer)
{
    const std::vector<std::string> said = words(answer);
    size_t at = 0;
    bool any = false;
    while (true) {
        const size_t gap = phrasing.find("...");
        const std::vector<std::string> part = words(phrasing.substr(0, gap));
        if (!part.empty()) {
            any = true;
            at = find(said, part, at);
            if (at == std::string::npos) return false;
        }
        if (gap == std::string_view::npos) break;
        phrasing.remove_prefix(gap + 3);
    }
    return any;
}

int RubricMark::made() const
{
    int n = 0;
    for (const auto& p : points) n += p.made ? 1 : 0;
    return n;
}

RubricMark markAnswer(const FollowUp& followUp, std::string_view answer)
{
    RubricMark mark;
    mark.followUpId = followUp.id;
    mark.question = followUp.question;
    mark.answer = std::string(answer);
    mark.modelAnswer = followUp.modelAnswer;
    for (const auto& point : followUp.points) {
        RubricPointMark m;
        m.id = point.id;
        m.statement = point.statement;
        for (const auto& phrasing : point.accepts) {
            if (phrasingMatches(phrasing, answer)) {
                m.made = true;
                m.matchedPhrasing = phrasing;
                break;
            }
        }
        mark.points.push_back(std::move(m));
    }
    return mark;
}

}  // namespace keyplan::practice
