#include "practice/NotesRubric.h"

namespace keyplan::practice {

const FollowUp& notesRubric()
{
    static const FollowUp rubric = [] {
        FollowUp f;
        f.id = kNotesId;
        f.question = "Your opening and your close (the Notes pane)";
        // Every phrasing is a clause (two words that say something), as a scenario's must be.
        f.points = {
            {"patterns-first",
             "The opening puts the access patterns first, before tables and keys",
             {"access patterns first", "pattern & first", "pattern & before", "pattern & start", "pattern & begin",
              "pattern & list", "pattern & number", "pattern & enumerate", "queries & first", "queries & before",
              "queries & list", "queries & write ... down", "pattern & drive ... design", "request & list"}},
            {"restate",
             "The opening restates the requirements: the volumes, the rates and the constraints heard",
             {"restate & requirement", "restate & volume", "restate & constraint", "restate & million", "restate & per second",
              "clarify & requirement", "clarify & volume", "clarify & constraint", "clarify & rate", "confirm & requirement",
              "confirm & constraint", "confirm & volume", "confirm & rate", "requirement & understand", "repeat & requirement",
              "ask & requirement", "million & per second"}},
            {"own-risk",
             "A risk of the design named unprompted, with what to do about it",
             {"hot partition", "hot key", "shard & key", "shard & partition", "shard & write", "unbounded & collection",
              "unbounded & partition", "collection & grow", "throttle & partition", "throttle & write", "throttle & read",
              "risk & partition", "10 gb & collection", "write amplification", "noisy neighbour", "gsi & eventually consistent",
              "index & eventually consistent", "item & 400 kb"}},
            {"scope",
             "The close is honest about scope: what the design assumes, leaves out or would check",
             {"out of scope", "outside ... scope", "left out", "leave out", "trade off", "one limitation", "limitation & design",
              "design & not ... cover", "design & not ... handle", "design & not ... address", "assume & consistent",
              "assume & fine", "assume & one", "assume & data", "assume & traffic", "assumption & design", "check & requirement",
              "verify & requirement"}},
        };
        f.modelAnswer =
            "Opening: \"I'll start from the access patterns: number them with their inputs and rates, confirm the volumes and "
            "the constraints you gave, and only then draw keys.\" Close: \"Every pattern is one request; the risk I'd watch is "
            "the hot partition on the busiest key, which I'd shard if writes pass 1,000 a second. I assumed eventual "
            "consistency is fine for the index reads and left reporting out of scope.\"";
        return f;
    }();
    return rubric;
}

}  // namespace keyplan::practice
