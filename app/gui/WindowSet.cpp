#include "WindowSet.h"

#include "MainWindow.h"

#include "engine/SqliteStore.h"
#include "widgets/store/StoreSwitch.h"

#include <QPointer>
#include <QTimer>

#include <algorithm>

namespace keyplan {

// Members in the order they are made: the window is deleted first (by its close, or here), then the
// switch, then the store it read.
struct WindowSet::Slot {
    std::unique_ptr<engine::SqliteStore> store;
    std::unique_ptr<widgets::StoreSwitch> storeSwitch;
    QPointer<MainWindow> window;
    ~Slot() { delete window.data(); }
};

WindowSet::WindowSet(QString storeFile, QObject* parent) : QObject(parent), storeFile_(std::move(storeFile)) {}

WindowSet::~WindowSet()
{
    for (auto& slot : slots_) {
        if (slot->window) disconnect(slot->window, nullptr, this, nullptr);
    }
    slots_.clear();
}

MainWindow* WindowSet::open(const QString& designPath, QString* error)
{
    auto slot = std::make_unique<Slot>();
    const bool ownFile = !storeFile_.isEmpty() && !storeFileTaken_;
    widgets::StoreLocation where;
    try {
        slot->store = ownFile ? engine::SqliteStore::openFile(storeFile_.toStdString()) : engine::SqliteStore::openInMemory();
    } catch (const std::exception& e) {
        if (error) *error = tr("Cannot open the store %1: %2").arg(storeFile_, QString::fromUtf8(e.what()));
        return nullptr;
    }
    if (ownFile) {
        storeFileTaken_ = true;
        where = {widgets::StoreLocation::Kind::LocalFile, storeFile_, {}, {}, {}, {}};
    }
    slot->storeSwitch = std::make_unique<widgets::StoreSwitch>(*slot->store, where);
    auto* window = new MainWindow(*slot->storeSwitch);
    slot->window = window;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowOpener([this](const QString& path) {
        QString why;
        if (!open(path, &why)) qWarning("keyplan: %s", qPrintable(why));
    });
    if (!designPath.isEmpty()) window->openAtStart(designPath);
    // The store goes a turn after its window, once every view over it has gone.
    connect(window, &QObject::destroyed, this, [this] { QTimer::singleShot(0, this, &WindowSet::releaseClosed); });
    slots_.push_back(std::move(slot));
    window->show();
    return window;
}

void WindowSet::releaseClosed()
{
    const auto closed = std::erase_if(slots_, [](const auto& slot) { return slot->window.isNull(); });
    for (size_t i = 0; i < closed; ++i) Q_EMIT windowClosed();
}

std::vector<MainWindow*> WindowSet::windows() const
{
    std::vector<MainWindow*> all;
    for (const auto& slot : slots_) {
        if (slot->window) all.push_back(slot->window);
    }
    return all;
}

}  // namespace keyplan
