#include "practice/Rubric.h"

#include <cctype>

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

// Where `part` occurs as consecutive words in `answer` from `from` on; the index after it, or npos.
size_t find(const std::vector<std::string>& answer, const std::vector<std::string>& part, size_t from)
{
    if (part.empty()) return from;
    for (size_t i = from; i + part.size() <= answer.size(); ++i) {
        bool all = true;
        for (size_t j = 0; j < part.size() && all; ++j) all = answer[i + j] == part[j];
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
