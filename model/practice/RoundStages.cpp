#include "practice/RoundStages.h"

#include <algorithm>
#include <cmath>

namespace keyplan::practice {

namespace {

struct StageText {
    const char* id;
    const char* title;
    int minutesOf45;  // the stage's share, as minutes of a 45-minute round
    const char* checkpoint;
};

// A 45-minute system-design interview's rhythm: the first ten minutes on what is asked, the longest
// stretch on the keys, then the questions that test them.
constexpr StageText kStages[] = {
    {"clarify", "Clarify and restate the requirements", 5,
     "Say back what is asked: who reads what, how often, how much data; confirm the constraints and ask what is unclear. "
     "Write your opening in Notes: the access patterns come first."},
    {"patterns", "List the access patterns", 5,
     "Every access pattern numbered, with its inputs, its result and its rate; the hot ones and the ones that must read "
     "strongly consistently marked."},
    {"design", "Design the keys and indexes", 18,
     "Items read together share a partition key; every pattern has a key built from its inputs; a GSI only where the "
     "table cannot serve a pattern."},
    {"deep-dive", "Deep-dive: size it", 8,
     "The largest item collection, the busiest partition against 1,000 WCU / 3,000 RCU, what each pattern reads and "
     "costs. Name a risk before you are asked."},
    {"curveball", "The curveball", 6,
     "A new pattern arrives: serve it without rewriting the table if you can (a new GSI is backfilled online) and say "
     "what the change costs in production."},
    {"wrap-up", "Wrap up", 3,
     "Close in Notes: what the design does well, the risk you would watch, and what it does not cover. Then submit."},
};

}  // namespace

std::vector<RoundStage> roundStages(int timeLimitMinutes)
{
    const int total = std::max(1, timeLimitMinutes) * 60;
    std::vector<RoundStage> out;
    int start = 0, minutes = 0;
    for (const StageText& t : kStages) {
        minutes += t.minutesOf45;
        // Cumulative rounding: the stages always add up to the limit.
        const int end = static_cast<int>(std::lround(static_cast<double>(total) * minutes / 45.0));
        out.push_back({t.id, t.title, start, end - start, t.checkpoint});
        start = end;
    }
    return out;
}

int stageAt(const std::vector<RoundStage>& stages, int secondsUsed)
{
    int at = 0;
    for (size_t i = 0; i < stages.size(); ++i) {
        if (secondsUsed >= stages[i].startSecond) at = static_cast<int>(i);
    }
    return at;
}

int stageIndex(const std::vector<RoundStage>& stages, const std::string& id)
{
    for (size_t i = 0; i < stages.size(); ++i) {
        if (stages[i].id == id) return static_cast<int>(i);
    }
    return -1;
}

}  // namespace keyplan::practice
