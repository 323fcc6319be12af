// View > Theme in the window: System, Light and Dark, kept in the settings and applied to every window
// at once (each window's menu shows the choice); System follows what the desktop prefers (the portal's
// color-scheme), else the platform palette; the layouts are drawn in the window's theme, while the
// pictures the window exports stay light (`keyplan-cli export --dark` is how to get a dark one).
#include "MainWindow.h"
#include "PrivateHome.h"

#include "document/DesignDocument.h"
#include "engine/SqliteStore.h"
#include "render/LayoutPicture.h"
#include "widgets/common/Icons.h"
#include "widgets/common/Settings.h"
#include "widgets/common/ThemeSwitcher.h"
#include "widgets/design/DesignImportExport.h"
#include "widgets/layout/ExampleLayoutView.h"
#include "widgets/store/StoreSwitch.h"

#include <QActionGroup>
#include <QDBusVariant>
#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace keyplan;
using widgets::DesktopScheme;
using widgets::ThemeChoice;
using widgets::ThemeSwitcher;

namespace {

struct Window {
    std::unique_ptr<engine::SqliteStore> store = engine::SqliteStore::openInMemory();
    std::unique_ptr<widgets::StoreSwitch> storeSwitch = std::make_unique<widgets::StoreSwitch>(*store, widgets::StoreLocation{});
    std::unique_ptr<MainWindow> window = std::make_unique<MainWindow>(*storeSwitch);
};

QString plain(QString text) { return text.remove(u'&'); }

// View > Theme of `window`.
QMenu* themeMenu(const QMainWindow& window)
{
    for (QAction* top : window.menuBar()->actions()) {
        if (plain(top->text()) != "View" || !top->menu()) continue;
        for (QAction* a : top->menu()->actions()) {
            if (a->menu() && plain(a->text()) == "Theme") return a->menu();
        }
    }
    return nullptr;
}

QString checkedEntry(const QMenu* menu)
{
    for (const QAction* a : menu->actions()) {
        if (a->isChecked()) return plain(a->text());
    }
    return {};
}

QAction* entry(const QMenu* menu, const QString& text)
{
    for (QAction* a : menu->actions()) {
        if (plain(a->text()) == text) return a;
    }
    return nullptr;
}

// The colour of the table's example layout where nothing is drawn (its paper).
QColor layoutPaper(const MainWindow& window)
{
    const auto* layout = window.findChild<widgets::ExampleLayoutView*>();
    if (!layout) return {};
    QWidget* canvas = layout->findChild<QScrollArea*>()->widget();
    return canvas->grab().toImage().pixelColor(2, 2);
}

// The colour a written picture is drawn on: a PNG's corner, an SVG's first rectangle (the paper).
QColor paperOf(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    if (!file.endsWith(".svg")) return QImage::fromData(bytes).pixelColor(2, 2);
    const QRegularExpression first("<g fill=\"(#[0-9a-f]{6})\"[^>]*>\\s*<rect x=\"0\" y=\"0\"");
    return QColor(first.match(QString::fromUtf8(bytes)).captured(1));
}

QPalette platformPalette(bool dark) { return dark ? widgets::darkPalette() : widgets::lightPalette(); }

}  // namespace

class WidgetWindowThemeTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        widgets::initResources();
        QVERIFY(usePrivateHome(home_));
    }

    void init()
    {
        ThemeSwitcher::instance().setDesktopScheme(DesktopScheme::NoPreference);
        ThemeSwitcher::instance().setChoice(ThemeChoice::Light);
        first_ = std::make_unique<Window>();
        first_->window->show();
        QVERIFY(QTest::qWaitForWindowExposed(first_->window.get()));
        QTRY_VERIFY(!first_->window->findChild<widgets::DesignDocument*>()->design().patterns().empty());
    }

    void cleanup()
    {
        first_.reset();
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    }

    void shouldTellDarkFromTheChoiceAndTheDesktop_data()
    {
        QTest::addColumn<ThemeChoice>("choice");
        QTest::addColumn<DesktopScheme>("desktop");
        QTest::addColumn<bool>("platformDark");
        QTest::addColumn<bool>("dark");
        QTest::newRow("light on a dark desktop") << ThemeChoice::Light << DesktopScheme::Dark << true << false;
        QTest::newRow("dark on a light desktop") << ThemeChoice::Dark << DesktopScheme::Light << false << true;
        QTest::newRow("system, no preference, light platform")
            << ThemeChoice::System << DesktopScheme::NoPreference << false << false;
        QTest::newRow("system, no preference, dark platform")
            << ThemeChoice::System << DesktopScheme::NoPreference << true << true;
        QTest::newRow("system, desktop prefers dark") << ThemeChoice::System << DesktopScheme::Dark << false << true;
        QTest::newRow("system, desktop prefers light") << ThemeChoice::System << DesktopScheme::Light << true << false;
    }

    void shouldTellDarkFromTheChoiceAndTheDesktop()
    {
        QFETCH(ThemeChoice, choice);
        QFETCH(DesktopScheme, desktop);
        QFETCH(bool, platformDark);
        QFETCH(bool, dark);
        QCOMPARE(widgets::wantsDark(choice, desktop, platformPalette(platformDark)), dark);
    }

    void shouldOfferSystemLightAndDarkInTheViewMenu()
    {
        QMenu* menu = themeMenu(*first_->window);
        QVERIFY(menu);
        QStringList texts;
        for (const QAction* a : menu->actions()) {
            QVERIFY(a->isCheckable());
            QVERIFY(a->actionGroup() && a->actionGroup()->isExclusive());
            texts << plain(a->text());
        }
        QCOMPARE(texts, (QStringList{"System", "Light", "Dark"}));
        QCOMPARE(checkedEntry(menu), QStringLiteral("Light"));
    }

    void shouldApplyTheChoiceToEveryWindowAndKeepIt()
    {
        Window second;
        second.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(second.window.get()));
        QCOMPARE(layoutPaper(*first_->window), render::PictureStyle::light().paper);
        QSignalSpy switched(&ThemeSwitcher::instance(), &ThemeSwitcher::themeChanged);

        entry(themeMenu(*first_->window), "Dark")->trigger();
        QVERIFY(widgets::isDarkPalette(QApplication::palette()));
        QCOMPARE(switched.size(), 1);
        QCOMPARE(switched.at(0).at(0).toBool(), true);
        QCOMPARE(checkedEntry(themeMenu(*second.window)), QStringLiteral("Dark"));
        QTRY_COMPARE(layoutPaper(*first_->window), render::PictureStyle::darkStyle().paper);
        QTRY_COMPARE(layoutPaper(*second.window), render::PictureStyle::darkStyle().paper);
        // Kept where the user guide says, in its words.
        QCOMPARE(widgets::Settings().theme(), ThemeChoice::Dark);
        const QString ini = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + "/keyplan.ini";
        QCOMPARE(QSettings(ini, QSettings::IniFormat).value("view/theme").toString(), QStringLiteral("dark"));

        entry(themeMenu(*second.window), "Light")->trigger();
        QVERIFY(!widgets::isDarkPalette(QApplication::palette()));
        QCOMPARE(checkedEntry(themeMenu(*first_->window)), QStringLiteral("Light"));
        QTRY_COMPARE(layoutPaper(*first_->window), render::PictureStyle::light().paper);
        QCOMPARE(QSettings(ini, QSettings::IniFormat).value("view/theme").toString(), QStringLiteral("light"));
    }

    void shouldFollowTheDesktopOnSystemOnly()
    {
        ThemeSwitcher& themes = ThemeSwitcher::instance();
        entry(themeMenu(*first_->window), "System")->trigger();
        // The portal's SettingChanged signal, as the desktop sends it: 1 prefers dark, 2 light.
        QVERIFY(QMetaObject::invokeMethod(&themes, "portalSettingChanged", Q_ARG(QString, "org.freedesktop.appearance"),
                                          Q_ARG(QString, "color-scheme"), Q_ARG(QDBusVariant, QDBusVariant(uint(1)))));
        QCOMPARE(themes.desktopScheme(), DesktopScheme::Dark);
        QVERIFY(widgets::isDarkPalette(QApplication::palette()));
        QTRY_COMPARE(layoutPaper(*first_->window), render::PictureStyle::darkStyle().paper);
        QVERIFY(QMetaObject::invokeMethod(&themes, "portalSettingChanged", Q_ARG(QString, "org.freedesktop.appearance"),
                                          Q_ARG(QString, "color-scheme"), Q_ARG(QDBusVariant, QDBusVariant(uint(2)))));
        QVERIFY(!widgets::isDarkPalette(QApplication::palette()));
        QTRY_COMPARE(layoutPaper(*first_->window), render::PictureStyle::light().paper);
        // Another setting of the portal changes nothing.
        QVERIFY(QMetaObject::invokeMethod(&themes, "portalSettingChanged", Q_ARG(QString, "org.freedesktop.appearance"),
                                          Q_ARG(QString, "accent-color"), Q_ARG(QDBusVariant, QDBusVariant(uint(1)))));
        QCOMPARE(themes.desktopScheme(), DesktopScheme::Light);
        // A choice made stays whatever the desktop prefers.
        entry(themeMenu(*first_->window), "Light")->trigger();
        themes.setDesktopScheme(DesktopScheme::Dark);
        QVERIFY(!widgets::isDarkPalette(QApplication::palette()));
        QCoreApplication::processEvents();
        QCOMPARE(layoutPaper(*first_->window), render::PictureStyle::light().paper);
    }

    void shouldExportLightPicturesInTheDarkTheme_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("png") << "shop.png";
        QTest::newRow("svg") << "shop.svg";
    }

    void shouldExportLightPicturesInTheDarkTheme()
    {
        QFETCH(QString, file);
        ThemeSwitcher::instance().setChoice(ThemeChoice::Dark);
        QTRY_COMPARE(layoutPaper(*first_->window), render::PictureStyle::darkStyle().paper);
        QTemporaryDir out;
        auto* io = first_->window->findChild<widgets::DesignImportExport*>();
        QVERIFY(io);
        const bool svg = file.endsWith(".svg");
        QVERIFY(io->exportDrawing(svg ? widgets::DesignImportExport::Drawing::Svg : widgets::DesignImportExport::Drawing::Png,
                                  out.filePath(file)));
        // The table's picture, and the index's beside it.
        for (const QString& written : {out.filePath(file), out.filePath(QString(file).replace("shop.", "shop-GSI1."))})
            QCOMPARE(paperOf(written), render::PictureStyle::light().paper);
    }

private:
    QTemporaryDir home_;
    std::unique_ptr<Window> first_;
};

QTEST_MAIN(WidgetWindowThemeTest)
#include "tst_widget_window_theme.moc"
