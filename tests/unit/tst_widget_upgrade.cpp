// What a user keeps survives an upgrade of the package: the window's identity (organisation and
// application "Keyplan") puts the settings, the recent files, the practice history and the autosaves
// where docs/user-guide.md ("Where Keyplan keeps things") says, and the files Keyplan 0.1.0 wrote there
// (tests/data/upgrade/0.1.0) are read by this version, which adds its own keys beside theirs.
#include "practice/History.h"
#include "widgets/common/Settings.h"
#include "widgets/design/RecentFiles.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace keyplan;

namespace {

const QString kFixtures = QStringLiteral(KEYPLAN_TEST_DATA_DIR "/upgrade/0.1.0");

bool copyFixture(const QString& name, const QString& to, const QByteArray& home = {})
{
    QFile in(kFixtures + "/" + name);
    if (!in.open(QIODevice::ReadOnly)) return false;
    QByteArray bytes = in.readAll();
    if (!home.isEmpty()) bytes.replace("@HOME@", home);
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile out(to);
    return out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size();
}

}  // namespace

class WidgetUpgradeTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // The real locations, not test mode's: a HOME of its own and no XDG overrides.
        QVERIFY(home_.isValid());
        qputenv("HOME", QFile::encodeName(home_.path()));
        for (const char* name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME"}) qunsetenv(name);
        QStandardPaths::setTestModeEnabled(false);
        widgets::setApplicationIdentity();
    }

    void shouldKeepEverythingWhereTheUserGuideSays_data()
    {
        QTest::addColumn<QString>("actual");
        QTest::addColumn<QString>("documented");
        const QString h = home_.path();
        QTest::newRow("settings") << widgets::Settings().fileName() << h + "/.config/Keyplan/Keyplan/keyplan.ini";
        QTest::newRow("recent files") << QSettings(QStringLiteral("Keyplan"), QStringLiteral("Keyplan")).fileName()
                                      << h + "/.config/Keyplan/Keyplan.conf";
        QTest::newRow("data directory") << QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                                        << h + "/.local/share/Keyplan/Keyplan";
        QTest::newRow("practice history") << practice::History::defaultPath()
                                          << h + "/.local/share/Keyplan/Keyplan/practice-history.sqlite";
    }

    void shouldKeepEverythingWhereTheUserGuideSays()
    {
        QFETCH(QString, actual);
        QFETCH(QString, documented);
        QCOMPARE(actual, documented);
    }

    void shouldReadWhatVersion010Wrote()
    {
        const QString h = home_.path();
        QVERIFY(copyFixture("keyplan.ini", h + "/.config/Keyplan/Keyplan/keyplan.ini"));
        QVERIFY(copyFixture("Keyplan.conf", h + "/.config/Keyplan/Keyplan.conf", QFile::encodeName(h)));
        QVERIFY(copyFixture("practice-history.sqlite", h + "/.local/share/Keyplan/Keyplan/practice-history.sqlite"));
        QVERIFY(QDir().mkpath(h + "/designs"));
        QVERIFY(QFile::copy(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"),
                            h + "/designs/shop.keyplan.json"));

        widgets::Settings settings;
        QCOMPARE(settings.heatmapSeconds(), 2.5);
        QCOMPARE(settings.consoleCapacity(), 1);
        QCOMPARE(settings.lastImportDirectory(), QStringLiteral("/srv/exports"));
        const auto connections = settings.recentConnections();
        QCOMPARE(connections.size(), 1);
        QCOMPARE(connections[0].endpointUrl, QStringLiteral("http://localhost:8000"));
        QCOMPARE(connections[0].profile, QStringLiteral("dev"));
        // A setting 0.1.0 did not have takes its default.
        QCOMPARE(settings.theme(), widgets::ThemeChoice::System);

        QCOMPARE(widgets::RecentFiles::files(), QStringList{h + "/designs/shop.keyplan.json"});

        practice::History history;
        const auto attempts = history.attempts();
        QCOMPARE(attempts.size(), size_t(1));
        QCOMPARE(attempts[0].scenarioId, std::string("ecommerce-orders"));
        QCOMPARE(attempts[0].score, 72);
        QCOMPARE(attempts[0].parts.size(), size_t(2));
    }

    void shouldAddItsOwnSettingsBesideTheOldOnes()
    {
        {
            widgets::Settings settings;
            settings.setTheme(widgets::ThemeChoice::Dark);
            settings.sync();
        }
        widgets::Settings again;
        QCOMPARE(again.theme(), widgets::ThemeChoice::Dark);
        QCOMPARE(again.heatmapSeconds(), 2.5);
        QCOMPARE(again.recentConnections().size(), 1);
        // And a later attempt is recorded after the old one.
        practice::History history;
        practice::Attempt next;
        next.scenarioId = "ecommerce-orders";
        next.finishedAt = QDateTime(QDate(2026, 12, 6), QTime(9, 0), Qt::UTC);
        next.mode = "guided";
        next.score = 85;
        next.timeLimitMinutes = 30;
        history.record(next);
        QCOMPARE(history.attempts("ecommerce-orders").size(), size_t(2));
    }

private:
    QTemporaryDir home_;
};

QTEST_MAIN(WidgetUpgradeTest)
#include "tst_widget_upgrade.moc"
