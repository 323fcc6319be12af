// The export formats that are drawn (svg, png, html) and the layout images beside a Markdown
// export: gui/render, headless. Built only with the GUI libraries; without them these formats
// say so.
#pragma once

#include "Commands.h"

#include <QString>

#include <map>
#include <string>

namespace keyplan::design {
class Design;
}

namespace keyplan::cli {

struct PictureRequest {
    QString format;     // "svg", "png" or "html"
    QString indexName;  // svg/png: the index ("" the table)
    int maxPartitions = 6;
    double scale = 2;   // png: device pixels per logical pixel
    QString output;     // "" or "-": standard output
    QString database;   // a store file whose table's items are drawn; "": the example items
    bool dark = false;  // svg/png: the dark picture (pictures are light unless asked)
};

bool isPictureFormat(const QString& format);
// Writes the picture or document; returns the exit status (0, 1 cannot write, 2 bad request).
int exportPicture(const design::Design& design, const PictureRequest& request, const Console& console);
// Writes an SVG of the table's and each index's layout into `directory`, named after `stem`;
// returns index name ("" the table) -> file name, or an empty map after saying why in `err`.
std::map<std::string, std::string> writeLayoutImages(const design::Design& design, const QString& directory, const QString& stem,
                                                     int maxPartitions, const Console& console);

}  // namespace keyplan::cli
