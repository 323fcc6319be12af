// Qt's test mode puts settings and application data under $HOME/.qttest, which every run of every
// test on the machine shares (another worktree's, a parallel ctest's). A test that writes there,
// or empties it, first gets a HOME of its own.
#pragma once

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

// Points HOME at `home` and turns test mode on; false when the data folder is not inside `home`.
inline bool usePrivateHome(const QTemporaryDir& home)
{
    if (!home.isValid()) return false;
    qputenv("HOME", QFile::encodeName(home.path()));
    QStandardPaths::setTestModeEnabled(true);
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation).startsWith(home.path() + '/') &&
           QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation).startsWith(home.path() + '/');
}
