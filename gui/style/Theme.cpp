#include "style/Theme.h"

#include <array>

namespace keyplan::widgets {

bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

QColor warningColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0xff, 0x8a, 0x65) : QColor(0xb4, 0x2d, 0x12);
}

QString themeChoiceName(ThemeChoice choice)
{
    switch (choice) {
    case ThemeChoice::Light: return QStringLiteral("light");
    case ThemeChoice::Dark: return QStringLiteral("dark");
    case ThemeChoice::System: break;
    }
    return QStringLiteral("system");
}

std::optional<ThemeChoice> themeChoiceFromName(QStringView name)
{
    for (ThemeChoice c : {ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark}) {
        if (name == themeChoiceName(c)) return c;
    }
    return std::nullopt;
}

bool wantsDark(ThemeChoice choice, DesktopScheme desktop, const QPalette& platform)
{
    switch (choice) {
    case ThemeChoice::Light: return false;
    case ThemeChoice::Dark: return true;
    case ThemeChoice::System: break;
    }
    if (desktop != DesktopScheme::NoPreference) return desktop == DesktopScheme::Dark;
    return isDarkPalette(platform);
}

namespace {

struct RoleColours {
    QPalette::ColorRole role;
    QColor active;
    QColor disabled;
};

QPalette paletteOf(const std::array<RoleColours, 20>& roles)
{
    QPalette p;
    for (const auto& r : roles) {
        p.setColor(QPalette::Active, r.role, r.active);
        p.setColor(QPalette::Inactive, r.role, r.active);
        p.setColor(QPalette::Disabled, r.role, r.disabled);
    }
    return p;
}

}  // namespace

QPalette lightPalette()
{
    const QColor muted(0x8a, 0x8a, 0x8a);
    return paletteOf({{
        {QPalette::Window, QColor(0xef, 0xef, 0xef), QColor(0xef, 0xef, 0xef)},
        {QPalette::WindowText, QColor(0x1f, 0x1f, 0x1f), muted},
        {QPalette::Base, QColor(0xff, 0xff, 0xff), QColor(0xef, 0xef, 0xef)},
        {QPalette::AlternateBase, QColor(0xf5, 0xf6, 0xf7), QColor(0xf5, 0xf6, 0xf7)},
        {QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc), QColor(0xff, 0xff, 0xdc)},
        {QPalette::ToolTipText, QColor(0x1f, 0x1f, 0x1f), QColor(0x1f, 0x1f, 0x1f)},
        {QPalette::PlaceholderText, QColor(0x6e, 0x6e, 0x6e), muted},
        {QPalette::Text, QColor(0x1f, 0x1f, 0x1f), muted},
        {QPalette::Button, QColor(0xef, 0xef, 0xef), QColor(0xef, 0xef, 0xef)},
        {QPalette::ButtonText, QColor(0x1f, 0x1f, 0x1f), muted},
        {QPalette::BrightText, QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0xff)},
        {QPalette::Light, QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0xff)},
        {QPalette::Midlight, QColor(0xca, 0xca, 0xca), QColor(0xca, 0xca, 0xca)},
        {QPalette::Mid, QColor(0xb8, 0xb8, 0xb8), QColor(0xb8, 0xb8, 0xb8)},
        {QPalette::Dark, QColor(0x9f, 0x9f, 0x9f), QColor(0xbe, 0xbe, 0xbe)},
        {QPalette::Shadow, QColor(0x76, 0x76, 0x76), QColor(0xb1, 0xb1, 0xb1)},
        {QPalette::Highlight, QColor(0x30, 0x8c, 0xc6), QColor(0x91, 0x91, 0x91)},
        {QPalette::HighlightedText, QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0xff)},
        {QPalette::Link, QColor(0x00, 0x57, 0xae), QColor(0x00, 0x57, 0xae)},
        {QPalette::LinkVisited, QColor(0x6b, 0x2f, 0xa8), QColor(0x6b, 0x2f, 0xa8)},
    }});
}

QPalette darkPalette()
{
    const QColor muted(0x7f, 0x7f, 0x7f);
    return paletteOf({{
        {QPalette::Window, QColor(0x2d, 0x2f, 0x33), QColor(0x2d, 0x2f, 0x33)},
        {QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6), muted},
        {QPalette::Base, QColor(0x1e, 0x1f, 0x22), QColor(0x26, 0x27, 0x2a)},
        {QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d), QColor(0x27, 0x29, 0x2d)},
        {QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42), QColor(0x3a, 0x3d, 0x42)},
        {QPalette::ToolTipText, QColor(0xe6, 0xe6, 0xe6), QColor(0xe6, 0xe6, 0xe6)},
        {QPalette::PlaceholderText, QColor(0x9a, 0x9d, 0xa3), muted},
        {QPalette::Text, QColor(0xe6, 0xe6, 0xe6), muted},
        {QPalette::Button, QColor(0x35, 0x38, 0x3d), QColor(0x2d, 0x2f, 0x33)},
        {QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6), muted},
        {QPalette::BrightText, QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0xff)},
        {QPalette::Light, QColor(0x4a, 0x4d, 0x53), QColor(0x3a, 0x3d, 0x42)},
        {QPalette::Midlight, QColor(0x40, 0x43, 0x48), QColor(0x35, 0x38, 0x3d)},
        {QPalette::Mid, QColor(0x26, 0x28, 0x2b), QColor(0x26, 0x28, 0x2b)},
        {QPalette::Dark, QColor(0x1a, 0x1b, 0x1e), QColor(0x1a, 0x1b, 0x1e)},
        {QPalette::Shadow, QColor(0x0e, 0x0f, 0x10), QColor(0x0e, 0x0f, 0x10)},
        {QPalette::Highlight, QColor(0x3d, 0x7e, 0xc6), QColor(0x4a, 0x4d, 0x53)},
        {QPalette::HighlightedText, QColor(0xff, 0xff, 0xff), QColor(0xc8, 0xc8, 0xc8)},
        {QPalette::Link, QColor(0x6c, 0xb4, 0xff), QColor(0x6c, 0xb4, 0xff)},
        {QPalette::LinkVisited, QColor(0xc3, 0x9b, 0xf5), QColor(0xc3, 0x9b, 0xf5)},
    }});
}

}  // namespace keyplan::widgets
