// View > Theme (System, Light, Dark) for the whole application: the choice is kept in the settings
// ("view/theme"), applied at start (applySavedTheme) and on every change, to every window at once.
// Light and Dark are Keyplan's palettes on the Fusion style; System is the style and palette the
// platform gave, or the dark palette when the desktop says it prefers dark (the freedesktop portal's
// org.freedesktop.appearance color-scheme, read over D-Bus and followed while the program runs).
//
// Views see a theme change as a palette change (QEvent::PaletteChange): widgets/common/PaletteFollower
// hands it to their models.
#pragma once

#include "style/Theme.h"

#include <QDBusVariant>
#include <QObject>
#include <QPalette>
#include <QString>

class QMenu;
class QWidget;

namespace keyplan::widgets {

class ThemeSwitcher final : public QObject {
    Q_OBJECT
public:
    // The one switcher, a child of the application object.
    static ThemeSwitcher& instance();

    ThemeChoice choice() const { return choice_; }
    // Applies `choice` and keeps it in the settings.
    void setChoice(ThemeChoice choice);
    // Whether the palette in use is the dark one.
    bool dark() const { return dark_; }

    // What the desktop prefers; set by the portal, and by tests.
    DesktopScheme desktopScheme() const { return desktop_; }
    void setDesktopScheme(DesktopScheme scheme);

    // A Theme menu for one window: three exclusive entries that show the choice and change it.
    QMenu* createMenu(QWidget* parent);

Q_SIGNALS:
    // The choice changed (the menus follow it).
    void choiceChanged(ThemeChoice choice);
    // The palette in use went from light to dark or back.
    void themeChanged(bool dark);

private:
    explicit ThemeSwitcher(QObject* parent);
    void apply();
    void watchPortal();
    Q_SLOT void portalSettingChanged(const QString& group, const QString& key, const QDBusVariant& value);

    ThemeChoice choice_ = ThemeChoice::System;
    DesktopScheme desktop_ = DesktopScheme::NoPreference;
    bool dark_ = false;
    // What the platform gave, for System.
    QString platformStyle_;
    QPalette platformPalette_;
};

// At start, before the first window: the saved theme applied.
void applySavedTheme();

}  // namespace keyplan::widgets
