#include "practice/Rubric.h"

#include "practice/AnswerText.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace keyplan::practice {

namespace {

constexpr size_t kGap = 6;      // "...": at most this many terms between two pieces
constexpr size_t kWindow = 12;  // "&": every part within this many terms of the others

using Piece = std::vector<Term>;
using Part = std::vector<Piece>;  // pieces in order, "..." between them
struct Span {
    size_t first = 0, last = 0;
    std::vector<size_t> at;  // the matched terms
};

std::vector<Part> parse(std::string_view phrasing)
{
    std::vector<Part> parts;
    while (true) {
        const size_t amp = phrasing.find('&');
        Part part(1);
        for (Term& t : phrasingTerms(phrasing.substr(0, amp))) {
            if (t.gap) part.emplace_back();
            else part.back().push_back(std::move(t));
        }
        std::erase_if(part, [](const Piece& p) { return p.empty(); });
        if (!part.empty()) parts.push_back(std::move(part));
        if (amp == std::string_view::npos) break;
        phrasing.remove_prefix(amp + 1);
    }
    return parts;
}

bool pieceAt(const std::vector<Term>& said, const Piece& piece, size_t at)
{
    if (at + piece.size() > said.size()) return false;
    for (size_t k = 0; k < piece.size(); ++k) {
        const Term& s = said[at + k];
        const bool word = s.text == piece[k].text || (!s.broader.empty() && s.broader == piece[k].text);
        if (s.sentence != said[at].sentence || !word || s.negated != piece[k].negated) return false;
    }
    return true;
}

// Every place a part occurs: its pieces in order in one sentence, each within kGap terms of the last.
std::vector<Span> spans(const std::vector<Term>& said, const Part& part)
{
    std::vector<Span> out;
    std::vector<size_t> at;
    auto take = [&](size_t from, size_t n) {
        for (size_t k = 0; k < n; ++k) at.push_back(from + k);
    };
    std::function<void(size_t, size_t, size_t)> follow = [&](size_t piece, size_t from, size_t first) {
        if (piece == part.size()) {
            out.push_back({first, from - 1, at});
            return;
        }
        for (size_t next = from; next <= from + kGap && next < said.size(); ++next) {
            if (said[next].sentence != said[first].sentence) break;
            if (!pieceAt(said, part[piece], next)) continue;
            take(next, part[piece].size());
            follow(piece + 1, next + part[piece].size(), first);
            at.resize(at.size() - part[piece].size());
        }
    };
    for (size_t i = 0; i < said.size(); ++i) {
        if (!pieceAt(said, part.front(), i)) continue;
        take(i, part.front().size());
        follow(1, i + part.front().size(), i);
        at.clear();
    }
    return out;
}

// Whose claim a matched word is: the rival concept (a GSI, an LSI) nearest to it in its clause, or
// else the last one before it in the sentence. A phrasing about one does not take words another
// one owns ("LSIs aren't limited in size and GSIs are strongly consistent").
const Term* owner(const std::vector<Term>& said, size_t q)
{
    const Term* best = nullptr;
    size_t distance = 0;
    for (size_t i = 0; i < said.size(); ++i) {
        const Term& t = said[i];
        if (t.group.empty() || t.sentence != said[q].sentence || t.clause != said[q].clause) continue;
        const size_t d = i > q ? i - q : q - i;
        if (!best || d < distance) best = &t, distance = d;
    }
    for (size_t i = q; !best && i-- > 0 && said[i].sentence == said[q].sentence;) {
        if (!said[i].group.empty()) best = &said[i];
    }
    return best;
}

bool rivalInside(const std::vector<Part>& parts, const std::vector<Term>& said, const Span& span)
{
    std::vector<std::string> mine;
    for (const Part& part : parts) {
        for (const Piece& piece : part) {
            for (const Term& t : piece) {
                if (!t.group.empty()) mine.push_back(t.text);
            }
        }
    }
    if (mine.empty()) return false;
    for (size_t q : span.at) {
        if (!said[q].group.empty()) continue;
        const Term* o = owner(said, q);
        if (o && std::find(mine.begin(), mine.end(), o->text) == mine.end()) return true;
    }
    return false;
}

// One place for each part, all in one sentence and within kWindow terms: the whole match.
std::optional<Span> combine(const std::vector<Part>& parts, const std::vector<Term>& said,
                            const std::vector<std::vector<Span>>& places, size_t part, std::optional<Span> sofar)
{
    if (part == places.size()) return sofar && !rivalInside(parts, said, *sofar) ? sofar : std::nullopt;
    for (const Span& s : places[part]) {
        Span both = s;
        if (sofar) {
            if (said[sofar->first].sentence != said[s.first].sentence) continue;
            both = {std::min(sofar->first, s.first), std::max(sofar->last, s.last), sofar->at};
            both.at.insert(both.at.end(), s.at.begin(), s.at.end());
            if (both.last - both.first > kWindow) continue;
        }
        if (auto whole = combine(parts, said, places, part + 1, both)) return whole;
    }
    return std::nullopt;
}

PhrasingMatch match(const std::vector<Part>& parts, const std::vector<Term>& said, std::string_view answer)
{
    if (parts.empty()) return {};
    std::vector<std::vector<Span>> places;
    for (const Part& p : parts) {
        places.push_back(spans(said, p));
        if (places.back().empty()) return {};
    }
    const std::optional<Span> whole = combine(parts, said, places, 0, std::nullopt);
    if (!whole) return {};
    const size_t begin = said[whole->first].begin, end = said[whole->last].end;
    return {true, std::string(answer.substr(begin, end - begin))};
}

}  // namespace

PhrasingMatch matchPhrasing(std::string_view phrasing, std::string_view answer)
{
    return match(parse(phrasing), answerTerms(answer), answer);
}

bool phrasingMatches(std::string_view phrasing, std::string_view answer) { return matchPhrasing(phrasing, answer).matched; }

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
    const std::vector<Term> said = answerTerms(answer);
    for (const auto& point : followUp.points) {
        RubricPointMark m;
        m.id = point.id;
        m.statement = point.statement;
        for (const auto& phrasing : point.accepts) {
            const PhrasingMatch found = match(parse(phrasing), said, answer);
            if (found.matched) {
                m.made = true;
                m.matchedPhrasing = phrasing;
                m.evidence = found.evidence;
                break;
            }
        }
        mark.points.push_back(std::move(m));
    }
    return mark;
}

}  // namespace keyplan::practice
