// The OK / Cancel row of a plain dialog: OK renamed for what it does ("Import", "Generate") and
// the two buttons wired to accept and reject.
#pragma once

class QDialog;
class QDialogButtonBox;
class QString;

namespace keyplan::widgets {

QDialogButtonBox* acceptCancelButtons(QDialog* dialog, const QString& acceptText);

}  // namespace keyplan::widgets
