// The autosave of the design document and the recovery after a crash: the design is written
// aside while it has unsaved changes, so a session that ends without saving or discarding them
// offers them at the next start.
//
// Every session writes to QStandardPaths::AppDataLocation/autosave/<session>.keyplan.json with a
// <session>.autosave.json beside it ({"file": the design's own path or "", "title", "time"}) and
// holds <session>.lock while it runs. A saved design (no longer modified), a replaced one, or
// discard() removes the autosave. At start, an autosave whose lock nobody holds belongs to a
// session that ended without cleaning up (a crash): offerRestore() offers the newest, and a
// restored design replaces the document through DesignFiles.
//
// Dialogs go through the Prompts, which tests replace.
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QLockFile;
class QTimer;
class QWidget;

namespace keyplan::design {
class Design;
}

namespace keyplan::widgets {

class DesignDocument;
class DesignFiles;

class DesignAutosave final : public QObject {
    Q_OBJECT
public:
    struct Prompts {
        // `when` is the autosave's time, `title` the design's, `file` its own file ("" for none).
        std::function<bool(const QString& title, const QString& when, const QString& file)> askRestore;
        std::function<void(const QString& message)> showError;
    };

    // Autosaves `files`' document. Checks for an autosave to restore only when offerRestore() is
    // called (the window does it once it is shown); `dialogParent` parents the default prompts.
    DesignAutosave(DesignFiles* files, QWidget* dialogParent, QObject* parent = nullptr);
    // A session that ends with its autosave still there (changes nobody decided about) lets go
    // of its lock, so the next start offers it.
    ~DesignAutosave() override;

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    const Prompts& prompts() const { return prompts_; }

    QString directory() const;
    QString sessionName() const { return session_; }
    void setInterval(int milliseconds);
    // Writes the autosave now if there are unsaved changes (else removes it); returns whether one
    // was written.
    bool saveNow();
    // The user settled the unsaved changes (saved or discarded them, the window closes): there is
    // nothing to recover, the autosave goes.
    void discard();
    // Offers the newest orphaned autosave (see above); true if one was restored.
    bool offerRestore();
    // Writes `design` as the autosave of session `session` (what a session does on its timer).
    static bool write(const QString& directory, const QString& session, const design::Design& design, const QString& originalFile,
                      QString* error = nullptr);

Q_SIGNALS:
    void statusMessage(const QString& message);

private:
    void remove();
    Prompts defaultPrompts();

    DesignFiles* files_;
    DesignDocument* document_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QTimer* timer_;
    QString session_;
    std::unique_ptr<QLockFile> lock_;
};

}  // namespace keyplan::widgets
