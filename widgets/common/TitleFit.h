// A dialog as narrow as its contents can be narrower than its title: the window manager then cuts
// the title ("Import de...om table"). widenToTitle gives the window the width its title needs,
// with room for the title bar's icon and buttons, bounded by the screen.
#pragma once

class QMessageBox;
class QWidget;

namespace keyplan::widgets {

// The width the title bar needs to show `window`'s title whole (its text in the title-bar font,
// bold as most window managers draw it, plus the icon and the three buttons).
int titleBarWidth(const QWidget* window);

// Raises `window`'s minimum width to titleBarWidth (never beyond its screen's available width).
// Call once the title is set.
void widenToTitle(QWidget* window);
// The same for a message box, which sizes itself to its text when shown: a spacer as wide as the
// title needs goes under its contents. Call once the title and the text are set.
void widenToTitle(QMessageBox& box);

}  // namespace keyplan::widgets
