// How the design views mark good and bad news: a verdict or a finding's severity becomes one of
// three tones (good, caution, bad), each a colour derived from the palette it is painted on (so
// it reads on light and dark themes and follows a theme change), and a small painted icon
// (a tick, a count of requests, a cross) drawn at the screen's device-pixel ratio.
#pragma once

#include "analysis/Lint.h"
#include "analysis/Plan.h"

#include <QColor>
#include <QIcon>
#include <QString>

class QPalette;

namespace keyplan::widgets {

enum class Tone { Good, Caution, Bad, Neutral };

Tone toneOf(analysis::Verdict verdict);
Tone toneOf(analysis::Finding::Severity severity);

// The tone's colour for text and marks on `palette`'s base colour: the hue says the meaning, the
// lightness comes from the palette's text and base so the contrast stays that of the theme.
QColor toneColor(Tone tone, const QPalette& palette);

// A round mark in the tone's colour: a tick (good), the number of requests or an exclamation
// mark (caution), a cross (bad), an "i" (neutral). `requests` > 1 writes that count.
QIcon verdictIcon(analysis::Verdict verdict, int requests, const QPalette& palette);
QIcon severityIcon(analysis::Finding::Severity severity, const QPalette& palette);

// A small rounded square of `colour` (an entity's swatch beside its name).
QIcon swatchIcon(const QColor& colour);

// "served", "needs 3 requests", "needs a Scan", ... as a QString.
QString verdictText(analysis::Verdict verdict, int requests);

}  // namespace keyplan::widgets
