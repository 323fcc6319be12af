// The recently opened and saved designs, newest first, kept in Keyplan's QSettings (organisation
// and application "Keyplan", the same store as the window's other settings) under
// "design/recentFiles". Files that no longer exist are left out when the list is read.
#pragma once

#include <QStringList>

namespace keyplan::widgets {

class RecentFiles {
public:
    static constexpr int kMaximum = 10;

    static QStringList files();
    // Puts `path` first (once), keeping at most kMaximum.
    static void add(const QString& path);
    static void remove(const QString& path);
    static void clear();
};

}  // namespace keyplan::widgets
