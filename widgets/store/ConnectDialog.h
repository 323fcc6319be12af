// File > Connect to endpoint...: an AWS region and profile, or an endpoint URL (DynamoDB Local,
// keyplan-cli serve, ...) with its signing region; Test connection sends ListTables and says what
// came back; Connect does the same and, on success, hands over the connected store. Recent
// connections come from the settings (what was typed, never a secret). Credentials are found as
// the AWS tools find them (model/aws); only their source is ever shown.
#pragma once

#include "widgets/common/Settings.h"
#include "widgets/store/EndpointOpener.h"
#include "widgets/store/StoreLocation.h"

#include <QDialog>

#include <memory>

class QButtonGroup;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class ConnectDialog final : public QDialog {
    Q_OBJECT
public:
    // `opener` reaches the endpoint typed (off the GUI thread) and outlives the dialog.
    ConnectDialog(const QList<RecentConnection>& recent, EndpointOpener& opener, QWidget* parent = nullptr);

    RecentConnection connection() const;
    void setConnection(const RecentConnection& connection);
    // Once accepted: the connected store and where it is.
    std::shared_ptr<store::Store> store() const { return store_; }
    StoreLocation location() const { return location_; }
    QString statusText() const;

public Q_SLOTS:
    void testConnection();
    void accept() override;

private:
    void attempt(bool thenAccept);
    void updateFields();
    void showStatus(bool ok, const QString& text);

    EndpointOpener& opener_;
    QComboBox* recent_;
    QRadioButton* byRegion_;
    QRadioButton* byUrl_;
    QLineEdit* url_;
    QComboBox* region_;
    QComboBox* profile_;
    QPushButton* test_;
    QLabel* status_;
    QDialogButtonBox* buttons_;
    QList<RecentConnection> recentList_;
    std::shared_ptr<store::Store> store_;
    StoreLocation location_;
};

}  // namespace keyplan::widgets
