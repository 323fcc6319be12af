// The grader: a score out of 100 for a candidate's design against a scenario, made of named parts,
// each with its points, its maximum, the reason in words and what would have earned the rest. No
// part is a black box.
//
// The parts (maxima; with a curveball graded, "Patterns answered" gives 5 to "Change in production"):
//   Patterns answered (35)      a pattern counts when ONE request returns items that carry every
//                               attribute the scenario says its result contains; 40% of the
//                               points are shared evenly between the patterns (a floor: a rare one
//                               still counts), 60% by their stakes, calls per second times what a
//                               missed call costs, the Scan of the whole table it falls back to
//                               (a login at 300 calls/s weighs 300 times a queue read once a
//                               second; a strongly consistent read twice as much a call); full
//                               only when every pattern is answered, else rounded down; a pattern
//                               that breaks a constraint the interviewer stated ("Login must not
//                               scan") costs 5 points more
//   Read cost (15)              the patterns' reads in $/month (on demand) at the scenario's rates,
//                               against the reference design: 15 x reference / candidate
//   Write cost (10)             write units per second at the scenario's write rates, index writes
//                               included (index write amplification), against the reference
//   Indexes (10)                indexes used against the reference's count (5 more off past a stated
//                               "two GSIs at most"): 3 off for each extra
//                               one, 3 off for each index no pattern reads; fewer than the
//                               reference's count only when every pattern is still answered by one
//                               request (4 off for each pattern the reference reads from an index
//                               that the design leaves to a Scan, a filter or a fetch-back)
//   Risks (15)                  the risk checks' findings (the Problems dock's) at the scenario's
//                               volumes and rates: hot partitions over 1,000 WCU (8 off each, with
//                               the shard count that fixes them), item collections past 10 GB (4
//                               off), collections that grow without bound (2 off), an LSI on a
//                               collection that grows without bound or past 10 GB (5 off)
//   Scans and filters (5)       each Scan or filter that reads more than it returns: 3 off
//   Hints (5)                   each hint taken costs its points
//   Time (5)                    full inside the time limit, none past it (the CLI: not timed)
//   Change in production (5)    only with a curveball: a new GSI is backfilled online (full
//                               points); changed base-table keys rewrite every affected item
//
// Parts other than Patterns answered, Hints, Time and Change in production count for the share of
// patterns the design reads at all (an empty design is neither cheap nor free of risks).
//
// Everything is computed on gradingDesign() (the scenario's facts over the candidate's choices)
// and on the reference design treated the same way, at the scenario's production volumes. With a
// curveball graded, the reference is the curveball's design (the reference as its model answer
// changes it) when the scenario gives one.
#pragma once

#include "analysis/Backfill.h"
#include "analysis/Plan.h"
#include "analysis/StorageCost.h"
#include "design/Design.h"
#include "practice/Round.h"
#include "practice/Rubric.h"
#include "practice/Scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::practice {

struct GradePart {
    std::string name;  // "Patterns answered", "Read cost", ...
    int points = 0;
    int max = 0;
    std::string why;     // what the design did, with the figures
    std::string toEarn;  // what would have earned the missing points (empty when full)
};

struct PatternRow {
    int number = 0;
    std::string name;
    bool answered = false;  // one request, every required attribute in the items it returns
    bool curveball = false;
    analysis::Verdict plan = analysis::Verdict::Invalid;  // the planner's verdict
    double ratePerSecond = 0;                             // the scenario's calls per second
    double worth = 0;                                     // its points of "Patterns answered"
    // What a missed call costs: a Scan of the whole table at the scenario's volumes (the reference's
    // table; twice the units strongly consistent), and the stake, calls per second times that.
    double missReadUnits = 0;
    double stake = 0;
    // A Scan: the items and bytes it reads a call at the scenario's volumes.
    double scannedItems = 0;
    double scannedBytes = 0;
    std::string verdict;            // the planner's words ("served", "needs a Scan", ...)
    std::string request;            // "Query GSI1: GSI1PK = STATUS#{status}#{orderDay}", or "-"
    std::string index;              // "table", an index name, or "-"
    int requests = 0;               // requests per call, the fetch-back included
    double readUnits = 0;           // per call
    double referenceReadUnits = 0;  // per call, the reference design's (0 when it has none)
    std::string referenceRequest;
    double dollarsPerMonth = 0;  // on demand, at the scenario's rate
    double referenceDollarsPerMonth = 0;
    std::vector<std::string> missingAttributes;  // required but not in the items read
    std::string explanation;                     // the planner's sentence, or why the attributes fall short
    std::string arithmetic;                      // how the read units came about (the over-fetch, the fetch-back)
};

struct GradeFinding {
    enum class Kind {
        HotPartition,
        LargeCollection,
        UnboundedCollection,
        LsiLimit,
        Scan,
        Filter,
        FetchBack,
        UnusedIndex,
        Backfill,
        Constraint,  // a constraint the interviewer stated is broken
        Note
    };
    Kind kind = Kind::Note;
    int pattern = 0;     // the pattern concerned, 0 for none
    std::string entity;  // the entity concerned, if any
    std::string index;   // the index concerned, if any
    std::string text;
    int shards = 0;  // HotPartition: the shard count that keeps the busiest key under 1,000 WCU/s
};
std::string_view findingKindName(GradeFinding::Kind kind);  // "hot-partition", "scan", ...

// One design's key layout, for putting the candidate's beside the reference's.
struct KeyRow {
    std::string entity;
    std::vector<std::pair<std::string, std::string>> keys;  // key attribute -> template, design order
};
// One line of a layout: an item type's place in the table or an index, as its key templates say.
struct LayoutRow {
    std::string place;         // "table" or an index name
    std::string partitionKey;  // the template, e.g. CUST#{customerId}
    std::string sortKey;       // the template, or "" when the place has no sort key
    std::string entity;
};
struct DesignSummary {
    std::vector<std::string> indexes;  // "GSI1 (global, GSI1PK/GSI1SK, ALL)"
    std::vector<KeyRow> keys;
    // The table's and each index's layout, item types grouped by partition-key template: which
    // items share a collection.
    std::vector<LayoutRow> layout;
    double readDollarsPerMonth = 0;
    double writeUnitsPerSecond = 0;
    double writeDollarsPerMonth = 0;
    double tableOnlyWriteUnitsPerSecond = 0;  // the same writes without any index
    analysis::StorageCost storage;
};

struct GradeInput {
    int hintPointsTaken = 0;  // the sum of the hints' costs (see Hints.h)
    int hintsTaken = 0;
    std::optional<int> secondsUsed;  // nullopt: not timed
    int timeLimitMinutes = 45;
    // Curveballs whose pattern the design answers (by number) and, when known, the design as it
    // was before the curveball arrived (for the change-in-production estimate).
    std::vector<std::string> curveballs;
    std::optional<design::Design> before;
    // Follow-up answers by follow-up id (the rubric marks them; they do not change the score).
    std::vector<std::pair<std::string, std::string>> answers;
    // The round's notes: the opening and the close the candidate wrote, marked by notesRubric()
    // like a follow-up (first among followUps, id "notes"); nullopt when the round kept none.
    std::optional<std::string> notes;
};

struct GradeReport {
    std::string scenarioId;
    std::string scenarioTitle;
    int score = 0;  // 0..100, the sum of the parts
    std::vector<GradePart> parts;
    std::vector<PatternRow> patterns;
    std::vector<GradeFinding> findings;
    std::vector<std::string> notes;  // what gradingDesign() changed, for the candidate to see
    DesignSummary candidate;
    DesignSummary reference;
    std::optional<analysis::BackfillEstimate> backfill;  // with a curveball and a before design
    std::vector<RubricMark> followUps;                   // the notes' mark first when the round kept notes

    const GradePart* part(std::string_view name) const;
    const PatternRow* pattern(int number) const;
    bool allAnswered() const;
};

// Grades `candidate` against `scenario`. Never throws for a design that loaded: what cannot be
// planned is reported as not answered, with the reason.
GradeReport grade(const Scenario& scenario, const design::Design& candidate, const GradeInput& input = {});

}  // namespace keyplan::practice
