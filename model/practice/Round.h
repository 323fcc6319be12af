// A practice round: the design a candidate starts from, and the design the grader actually grades.
//
// startRound() gives a new design holding the scenario's entities (attributes, sample spec, write
// rates, the production item size), its numbered patterns, the table's generic PK/SK and nothing else: no key templates and
// no indexes. The candidate fills in keys, adds indexes and item types (pointer items the scenario
// does not name), and says which item types answer each pattern.
//
// gradingDesign() is the candidate's design with the scenario's facts put back, because those are
// the interviewer's and not the candidate's to change: each pattern (matched by number) takes the
// scenario's inputs, required result attributes, order, page size, rate and consistency, keeping
// the candidate's choice of returned item types and any forced index or key condition; each
// entity the scenario names takes its production volume (root counts, children per parent), item
// size and write rate. An item type the scenario does not name is written whenever its sample
// parent is (its write rate is at least the parent's times perParent), so a pointer item cannot
// hide its write cost.
#pragma once

#include "analysis/CostModel.h"
#include "design/Design.h"
#include "practice/Scenario.h"

#include <string>
#include <vector>

namespace keyplan::practice {

enum class Mode { Guided, Interview };
std::string_view modeName(Mode mode);  // "guided", "interview"

struct RoundOptions {
    Mode mode = Mode::Guided;
    int timeLimitMinutes = 45;
};

// The candidate's starting design (see above). Its name is the scenario's title.
design::Design startRound(const Scenario& scenario);

// The scenario's production volumes by entity name, for the window's analysis during a round (a
// Scan in the pattern table is then priced as the grade prices it).
analysis::Volumes statedVolumes(const Scenario& scenario);

// The design with a curveball's pattern added (as the scenario states it, returning the entity it
// names) so the candidate can adapt; a design that already has a pattern of that number keeps it.
design::Design withCurveball(const design::Design& design, const Curveball& curveball);

// What the grader grades (see above). Patterns of the candidate's design that the scenario does
// not number (and that are not among `curveballs`) are dropped; scenario patterns the candidate
// lacks are added with the scenario's returns, so they are graded as not designed rather than lost.
// `notes` receives one sentence per adjustment that changed something the candidate wrote.
design::Design gradingDesign(const Scenario& scenario, const design::Design& candidate,
                             const std::vector<const Curveball*>& curveballs = {}, std::vector<std::string>* notes = nullptr);

}  // namespace keyplan::practice
