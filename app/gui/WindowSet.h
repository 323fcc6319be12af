// The windows of one keyplan process, each on its own design and its own store: `keyplan a.keyplan.json
// b.keyplan.json` opens two windows side by side, and File > Open in new window adds one. The first window
// keeps its store where --store says (in memory without it); every later one keeps its store in memory,
// so no two windows are silent views of one store file. A window's store lives exactly as long as it.
#pragma once

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace keyplan {

class MainWindow;

class WindowSet final : public QObject {
    Q_OBJECT
public:
    // `storeFile` is the first window's store ("" for memory).
    explicit WindowSet(QString storeFile = {}, QObject* parent = nullptr);
    ~WindowSet() override;

    // A new window, shown, on `designPath` ("" opens what a start opens: a crashed session's autosave,
    // else the first sample). Null, with *error set, when its store cannot be opened.
    MainWindow* open(const QString& designPath, QString* error);
    std::vector<MainWindow*> windows() const;

Q_SIGNALS:
    // A window closed and its store went with it.
    void windowClosed();

private:
    struct Slot;
    void releaseClosed();

    QString storeFile_;
    bool storeFileTaken_ = false;
    std::vector<std::unique_ptr<Slot>> slots_;
};

}  // namespace keyplan
