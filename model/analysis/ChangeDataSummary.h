// The design's change data in sentences, for the documents a design is exported to
// (access-patterns.md and the HTML design document): the table's stream, the patterns that ride
// it with who reads them and what that costs, and the entities whose items expire. Both documents
// print these, so they say the same.
#pragma once

#include "analysis/Analysis.h"
#include "design/Design.h"

#include <string>
#include <vector>

namespace keyplan::analysis {

struct ChangeDataSummary {
    // "The table's stream records NEW_AND_OLD_IMAGES (each change's item before and after)." or
    // "The table has no stream."
    std::string stream;
    // One a pattern that rides the stream: "2. Search customers: a search index, read by a Lambda
    // trigger (its GetRecords calls are free)".
    std::vector<std::string> riders;
    // One an entity whose items expire: "Session: Time to Live on expiresAt, 1 day after each
    // write; 4,320,000 items at a steady 50 writes/s".
    std::vector<std::string> expiring;

    // Nothing to say: no stream, no pattern on one, no entity expiring.
    bool empty() const;
};

ChangeDataSummary changeDataSummary(const design::Design& design, const Report& report);

}  // namespace keyplan::analysis
