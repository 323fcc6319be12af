// Keyplan's settings, typed, over QSettings (organisation "Keyplan", application "Keyplan").
// One getter and setter per setting with its default here, so no key string or default is
// spelled twice. Tests call QStandardPaths::setTestModeEnabled(true) first.
#pragma once

#include "style/Theme.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

class QSettings;

namespace keyplan::widgets {

// A DynamoDB endpoint connected to before: what was typed, never a key or secret (those stay
// where the AWS tools keep them, found again through the profile).
struct RecentConnection {
    QString endpointUrl;  // empty: the region's AWS endpoint
    QString region;
    QString profile;
    bool operator==(const RecentConnection&) const = default;
};

// The window's name for QSettings and QStandardPaths: organisation "Keyplan", application "Keyplan".
// Every file the window keeps is found through it (docs/user-guide.md, "Where Keyplan keeps things"), so
// it never changes from one version to the next: an upgrade finds the settings, recent files and
// practice history of the last.
void setApplicationIdentity();

class Settings {
public:
    Settings();
    ~Settings();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    // Where the last JSON lines file was loaded from.
    QString lastImportDirectory() const;
    void setLastImportDirectory(const QString& directory);

    // The heatmap's "units over N seconds".
    double heatmapSeconds() const;
    void setHeatmapSeconds(double seconds);

    // The request console's ReturnConsumedCapacity choice: 0 NONE, 1 TOTAL, 2 INDEXES.
    int consoleCapacity() const;
    void setConsoleCapacity(int capacity);

    // The practice chooser's mode (interview rather than guided) and time limit, as last started.
    bool practiceInterviewMode() const;
    void setPracticeInterviewMode(bool interview);
    int practiceMinutes() const;  // 1..240, 45 unless changed
    void setPracticeMinutes(int minutes);

    // Most recent first, at most kMaxRecentConnections.
    QList<RecentConnection> recentConnections() const;
    // Puts `connection` first, dropping an older copy of it.
    void rememberConnection(const RecentConnection& connection);
    static constexpr int kMaxRecentConnections = 8;

    // View > Theme.
    ThemeChoice theme() const;
    void setTheme(ThemeChoice theme);

    // The file the settings are kept in.
    QString fileName() const;

    void sync();

private:
    std::unique_ptr<QSettings> settings_;
};

}  // namespace keyplan::widgets
