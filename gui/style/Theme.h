// The window's two themes and the colours the views add to a palette (warnings, good news, heat),
// chosen per palette so they read on light and dark alike. Which theme applies is the user's choice
// (View > Theme: System, Light, Dark; widgets/common/ThemeSwitcher applies it); System follows the
// desktop's stated preference, else the platform's own palette.
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyplan::widgets {

bool isDarkPalette(const QPalette& palette);
QColor warningColor(const QPalette& palette);  // problems, errors

enum class ThemeChoice { System, Light, Dark };
// "system", "light", "dark": the settings' words.
QString themeChoiceName(ThemeChoice choice);
std::optional<ThemeChoice> themeChoiceFromName(QStringView name);

// What the desktop says it prefers (the freedesktop portal's org.freedesktop.appearance color-scheme):
// nothing, dark or light.
enum class DesktopScheme { NoPreference, Dark, Light };

// Whether `choice` means the dark theme on a desktop that prefers `desktop` and whose platform palette
// is `platform`: Light and Dark say so; System takes the desktop's preference, and without one the
// platform palette's own lightness.
bool wantsDark(ThemeChoice choice, DesktopScheme desktop, const QPalette& platform);

// Keyplan's light and dark palettes (complete: every group and role, the disabled texts muted), for
// the Fusion style, which paints with the palette alone.
QPalette lightPalette();
QPalette darkPalette();

}  // namespace keyplan::widgets
