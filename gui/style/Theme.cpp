#include "style/Theme.h"

#include <QPalette>

namespace keyplan::widgets {

bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

QColor warningColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0xff, 0x8a, 0x65) : QColor(0xb4, 0x2d, 0x12);
}

}  // namespace keyplan::widgets
