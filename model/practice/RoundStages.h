// The stages of a practice round, as an interview runs: clarify and restate the requirements, list
// the access patterns, design, deep-dive, the curveball, wrap-up. Each has its share of the time
// limit (a suggested time), and a checkpoint note that says what should stand when it ends. The
// clock places the round in a stage; the brief shows it with the time the stage has left, and the
// interviewer's curveball arrives when its stage begins (interview mode).
#pragma once

#include <string>
#include <vector>

namespace keyplan::practice {

struct RoundStage {
    std::string id;       // "clarify", "patterns", "design", "deep-dive", "curveball", "wrap-up"
    std::string title;    // "Clarify and restate the requirements"
    int startSecond = 0;  // from the round's start
    int suggestedSeconds = 0;
    std::string checkpoint;  // what should stand when the stage ends
};

// The stages of a round of `timeLimitMinutes` (from 1): each stage's share of the limit, in order,
// the last ending at the limit.
std::vector<RoundStage> roundStages(int timeLimitMinutes);

// The index of the stage the clock is in after `secondsUsed` (the last one past the limit).
int stageAt(const std::vector<RoundStage>& stages, int secondsUsed);

// The index of a stage by id, or -1.
int stageIndex(const std::vector<RoundStage>& stages, const std::string& id);

}  // namespace keyplan::practice
