// The rubric of a round's notes: the opening and the close a candidate writes in the Notes pane, as
// an interviewer listens for them. The same marking as the follow-up questions reads them
// (Rubric.h: stems, the field's synonyms, negation, concept words near each other), and the report
// shows each point with the words that made it. Like the follow-ups, the notes do not change the
// score: they are feedback on how the answer was delivered.
#pragma once

#include "practice/Scenario.h"

namespace keyplan::practice {

// The follow-up id the notes are marked under ("notes").
inline constexpr const char* kNotesId = "notes";

// The points: the access patterns first, the requirements restated, a risk named unprompted, and
// the scoping honesty of the close (what the design assumes or leaves out).
const FollowUp& notesRubric();

}  // namespace keyplan::practice
