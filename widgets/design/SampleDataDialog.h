// "Generate sample data": the seed, about how many items in all (or the design's own counts),
// whether to replace the table's items, and a preview of how many items of each entity that
// makes, updated as the numbers change. An entity's count can be typed in its cell for this
// generation (a child's items per parent follow); scaling to a total keeps every entity's share.
// Enter in a count cell starts or commits its edit: it never starts the generation.
#pragma once

#include "design/Design.h"

#include <QDialog>

#include <cstdint>
#include <map>
#include <string>

class QCheckBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace keyplan::widgets {

struct SampleRequest {
    uint64_t seed = 1;
    int64_t totalItems = 0;  // 0: the design's counts
    bool replaceTable = true;
    std::map<std::string, int64_t, std::less<>> counts = {};  // typed in the preview, by entity
    bool operator==(const SampleRequest&) const = default;
};

class SampleDataDialog final : public QDialog {
    Q_OBJECT
public:
    SampleDataDialog(const design::Design& design, const SampleRequest& initial, QWidget* parent = nullptr);

    SampleRequest request() const;
    QSpinBox* seedSpin() const { return seed_; }
    QSpinBox* totalSpin() const { return total_; }
    QCheckBox* replaceCheck() const { return replace_; }
    QTableWidget* countsTable() const { return counts_; }
    QLabel* summary() const { return summary_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updatePreview();
    void countEdited(int row);
    const design::Design& design_;
    QSpinBox* seed_;
    QSpinBox* total_;
    QCheckBox* replace_;
    QTableWidget* counts_;
    QLabel* summary_;
    std::map<std::string, int64_t, std::less<>> typed_;
    bool filling_ = false;
};

}  // namespace keyplan::widgets
