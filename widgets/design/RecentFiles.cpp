#include "widgets/design/RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace keyplan::widgets {

namespace {

const QString kKey = QStringLiteral("design/recentFiles");

QSettings settings() { return QSettings(QStringLiteral("Keyplan"), QStringLiteral("Keyplan")); }

}  // namespace

QStringList RecentFiles::files()
{
    QStringList out;
    for (const QString& path : settings().value(kKey).toStringList()) {
        if (QFileInfo::exists(path)) out << path;
    }
    return out;
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = settings().value(kKey).toStringList();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaximum) list.removeLast();
    settings().setValue(kKey, list);
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = settings().value(kKey).toStringList();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    settings().setValue(kKey, list);
}

void RecentFiles::clear() { settings().remove(kKey); }

}  // namespace keyplan::widgets
