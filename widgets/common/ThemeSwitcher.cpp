#include "widgets/common/ThemeSwitcher.h"

#include "widgets/common/Settings.h"

#include <QActionGroup>
#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QMenu>
#include <QStyle>
#include <QStyleFactory>

namespace keyplan::widgets {

namespace {

const QString kPortalService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString kPortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kPortalSettings = QStringLiteral("org.freedesktop.portal.Settings");
const QString kAppearance = QStringLiteral("org.freedesktop.appearance");
const QString kColorScheme = QStringLiteral("color-scheme");

// The portal's color-scheme: 1 prefers dark, 2 prefers light, 0 (or anything else) no preference.
DesktopScheme schemeOf(const QVariant& value)
{
    QVariant v = value;
    // Read answers a variant in a variant.
    while (v.canConvert<QDBusVariant>() && v.userType() == qMetaTypeId<QDBusVariant>()) v = v.value<QDBusVariant>().variant();
    switch (v.toUInt()) {
    case 1: return DesktopScheme::Dark;
    case 2: return DesktopScheme::Light;
    default: return DesktopScheme::NoPreference;
    }
}

}  // namespace

ThemeSwitcher& ThemeSwitcher::instance()
{
    static ThemeSwitcher* switcher = new ThemeSwitcher(qApp);
    return *switcher;
}

ThemeSwitcher::ThemeSwitcher(QObject* parent)
    : QObject(parent), platformStyle_(QApplication::style()->name()), platformPalette_(QGuiApplication::palette())
{
    choice_ = Settings().theme();
    watchPortal();
}

void ThemeSwitcher::watchPortal()
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) return;
    QDBusMessage read = QDBusMessage::createMethodCall(kPortalService, kPortalPath, kPortalSettings, QStringLiteral("Read"));
    read << kAppearance << kColorScheme;
    // Briefly: a desktop without the portal answers at once with an error, and the start must not wait.
    const QDBusMessage reply = bus.call(read, QDBus::Block, 500);
    if (reply.type() == QDBusMessage::ReplyMessage && !reply.arguments().isEmpty())
        desktop_ = schemeOf(reply.arguments().first());
    bus.connect(kPortalService, kPortalPath, kPortalSettings, QStringLiteral("SettingChanged"), this,
                SLOT(portalSettingChanged(QString, QString, QDBusVariant)));
}

void ThemeSwitcher::portalSettingChanged(const QString& group, const QString& key, const QDBusVariant& value)
{
    if (group == kAppearance && key == kColorScheme) setDesktopScheme(schemeOf(value.variant()));
}

void ThemeSwitcher::setChoice(ThemeChoice choice)
{
    choice_ = choice;
    Settings settings;
    settings.setTheme(choice);
    settings.sync();
    apply();
    Q_EMIT choiceChanged(choice);
}

void ThemeSwitcher::setDesktopScheme(DesktopScheme scheme)
{
    desktop_ = scheme;
    if (choice_ == ThemeChoice::System) apply();
}

void ThemeSwitcher::apply()
{
    const bool dark = wantsDark(choice_, desktop_, platformPalette_);
    const bool platformAsItIs = choice_ == ThemeChoice::System && dark == isDarkPalette(platformPalette_);
    const QString style = platformAsItIs ? platformStyle_ : QStringLiteral("Fusion");
    if (QApplication::style()->name().compare(style, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(style));
    QApplication::setPalette(platformAsItIs ? platformPalette_ : dark ? darkPalette() : lightPalette());
    const bool changed = dark != dark_;
    dark_ = dark;
    if (changed) Q_EMIT themeChanged(dark_);
}

QMenu* ThemeSwitcher::createMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("&Theme"), parent);
    auto* group = new QActionGroup(menu);
    const std::pair<ThemeChoice, QString> entries[] = {
        {ThemeChoice::System, tr("&System")}, {ThemeChoice::Light, tr("&Light")}, {ThemeChoice::Dark, tr("&Dark")}};
    for (const auto& [choice, text] : entries) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(choice == choice_);
        a->setData(themeChoiceName(choice));
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, choice = choice] { setChoice(choice); });
    }
    // Every window's menu shows the choice made in any of them.
    connect(this, &ThemeSwitcher::choiceChanged, menu, [group](ThemeChoice choice) {
        for (QAction* a : group->actions()) a->setChecked(a->data().toString() == themeChoiceName(choice));
    });
    return menu;
}

void applySavedTheme() { ThemeSwitcher::instance().setChoice(ThemeSwitcher::instance().choice()); }

}  // namespace keyplan::widgets
