#include "widgets/common/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>

namespace keyplan::widgets {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kImportDirectory = QStringLiteral("data/importDirectory");
const QString kHeatmapSeconds = QStringLiteral("partitions/seconds");
const QString kConsoleCapacity = QStringLiteral("console/returnConsumedCapacity");
const QString kRecentConnections = QStringLiteral("connections");
const QString kPracticeInterview = QStringLiteral("practice/interviewMode");
const QString kPracticeMinutes = QStringLiteral("practice/minutes");
const QString kTheme = QStringLiteral("view/theme");
}  // namespace

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Keyplan"));
    QCoreApplication::setApplicationName(QStringLiteral("Keyplan"));
}

Settings::Settings()
{
    // An explicit file under the config location, so test mode (QStandardPaths) redirects it.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    QDir().mkpath(dir);
    settings_ = std::make_unique<QSettings>(QDir(dir).filePath(QStringLiteral("keyplan.ini")), QSettings::IniFormat);
}

Settings::~Settings() = default;

QByteArray Settings::windowGeometry() const { return settings_->value(kGeometry).toByteArray(); }
void Settings::setWindowGeometry(const QByteArray& geometry) { settings_->setValue(kGeometry, geometry); }
QByteArray Settings::windowState() const { return settings_->value(kState).toByteArray(); }
void Settings::setWindowState(const QByteArray& state) { settings_->setValue(kState, state); }

QString Settings::lastImportDirectory() const
{
    return settings_->value(kImportDirectory, QStandardPaths::writableLocation(QStandardPaths::HomeLocation)).toString();
}
void Settings::setLastImportDirectory(const QString& directory) { settings_->setValue(kImportDirectory, directory); }

double Settings::heatmapSeconds() const
{
    bool ok = false;
    const double s = settings_->value(kHeatmapSeconds, 1.0).toDouble(&ok);
    return ok && s > 0 ? s : 1.0;
}
void Settings::setHeatmapSeconds(double seconds) { settings_->setValue(kHeatmapSeconds, seconds); }

int Settings::consoleCapacity() const
{
    bool ok = false;
    const int c = settings_->value(kConsoleCapacity, 2).toInt(&ok);
    return ok && c >= 0 && c <= 2 ? c : 2;
}
void Settings::setConsoleCapacity(int capacity) { settings_->setValue(kConsoleCapacity, capacity); }

bool Settings::practiceInterviewMode() const { return settings_->value(kPracticeInterview, false).toBool(); }
void Settings::setPracticeInterviewMode(bool interview) { settings_->setValue(kPracticeInterview, interview); }

int Settings::practiceMinutes() const
{
    bool ok = false;
    const int m = settings_->value(kPracticeMinutes, 45).toInt(&ok);
    return ok && m >= 1 && m <= 240 ? m : 45;
}
void Settings::setPracticeMinutes(int minutes) { settings_->setValue(kPracticeMinutes, minutes); }

QList<RecentConnection> Settings::recentConnections() const
{
    QList<RecentConnection> list;
    const int n = settings_->beginReadArray(kRecentConnections);
    for (int i = 0; i < n && list.size() < kMaxRecentConnections; ++i) {
        settings_->setArrayIndex(i);
        RecentConnection c{settings_->value(QStringLiteral("endpoint")).toString(),
                           settings_->value(QStringLiteral("region")).toString(),
                           settings_->value(QStringLiteral("profile")).toString()};
        if (!c.endpointUrl.isEmpty() || !c.region.isEmpty()) list.append(c);
    }
    settings_->endArray();
    return list;
}

void Settings::rememberConnection(const RecentConnection& connection)
{
    QList<RecentConnection> list = recentConnections();
    list.removeAll(connection);
    list.prepend(connection);
    while (list.size() > kMaxRecentConnections) list.removeLast();
    settings_->remove(kRecentConnections);
    settings_->beginWriteArray(kRecentConnections, int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        settings_->setArrayIndex(i);
        settings_->setValue(QStringLiteral("endpoint"), list[i].endpointUrl);
        settings_->setValue(QStringLiteral("region"), list[i].region);
        settings_->setValue(QStringLiteral("profile"), list[i].profile);
    }
    settings_->endArray();
}

ThemeChoice Settings::theme() const
{
    return themeChoiceFromName(settings_->value(kTheme).toString()).value_or(ThemeChoice::System);
}
void Settings::setTheme(ThemeChoice theme) { settings_->setValue(kTheme, themeChoiceName(theme)); }

QString Settings::fileName() const { return settings_->fileName(); }

void Settings::sync() { settings_->sync(); }

}  // namespace keyplan::widgets
