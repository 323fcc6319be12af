// The palette a design model colours its cells and marks for (verdict tones, entity swatches,
// disabled text). It is set from outside, by the view that shows the model (widgets/common/
// PaletteFollower: on creation and on every palette change of the view), so data() reads no
// application-wide state and a model follows its own view's theme. Until then it is the
// application's palette as it was when the model was made.
#pragma once

#include <QPalette>

class QAbstractItemModel;

namespace keyplan::widgets {

class ModelPalette {
public:
    explicit ModelPalette(QAbstractItemModel* model) : model_(model) {}

    const QPalette& palette() const { return palette_; }
    // A different palette repaints every cell's colours and icons (dataChanged for them).
    void setPalette(const QPalette& palette);

private:
    QAbstractItemModel* model_;
    QPalette palette_;
};

}  // namespace keyplan::widgets
