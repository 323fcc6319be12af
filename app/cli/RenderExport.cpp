#include "RenderExport.h"

#include "Printable.h"

#include "design/Design.h"
#include "engine/SqliteStore.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

#ifdef KEYPLAN_HAVE_RENDER
#include "analysis/IndexLayout.h"
#include "render/DesignDocumentHtml.h"
#include "render/LayoutPicture.h"

#include <QBuffer>
#endif

namespace keyplan::cli {

namespace {

int writeOutput(const QByteArray& bytes, const QString& output, const QString& format, const Console& console)
{
    if (output.isEmpty() || output == "-") {
        if (!writeBytes(console.out, bytes)) {
            console.err << "keyplan-cli export: cannot write to standard output\n";
            return 1;
        }
        return 0;
    }
    QSaveFile target(output);
    if (!target.open(QIODevice::WriteOnly) || target.write(bytes) != bytes.size() || !target.commit()) {
        console.err << "keyplan-cli export: cannot write " << output << ": " << target.errorString() << "\n";
        return 1;
    }
    console.err << "keyplan-cli export: wrote " << output << " (" << format << ", " << bytes.size() << " bytes)\n";
    return 0;
}

#ifdef KEYPLAN_HAVE_RENDER
// The design's table as stored: the first items a Scan reads (at most `limit`), in its order.
bool storedItems(const design::Design& design, const QString& database, size_t limit, std::vector<dynamo::Item>* items,
                 QTextStream& err)
{
    try {
        auto store = engine::SqliteStore::openFile(database.toStdString());
        store::ScanRequest scan;
        scan.tableName = design.table().name;
        do {
            const store::ScanResponse page = store->scan(scan);
            if (page.items) items->insert(items->end(), page.items->begin(), page.items->end());
            scan.exclusiveStartKey = page.lastEvaluatedKey;
        } while (scan.exclusiveStartKey && items->size() < limit);
        if (items->size() > limit) items->resize(limit);
        return true;
    } catch (const std::exception& e) {
        err << "keyplan-cli export: " << database << ": " << printable(e.what()) << "\n";
        return false;
    }
}
#endif

}  // namespace

bool isPictureFormat(const QString& format) { return format == "svg" || format == "png" || format == "html"; }

#ifdef KEYPLAN_HAVE_RENDER

int exportPicture(const design::Design& design, const PictureRequest& request, const Console& console)
{
    QTextStream& err = console.err;
    std::vector<dynamo::Item> stored;
    // Enough items for the partitions drawn, bounded so a big table is not read whole.
    if (!request.database.isEmpty() && !storedItems(design, request.database, 5000, &stored, err)) return 2;
    if (!request.database.isEmpty() && stored.empty()) {
        err << "keyplan-cli export: " << request.database << " holds no item of table " << printable(design.table().name) << "\n";
        return 2;
    }
    if (request.format == "html") {
        render::DocumentOptions options;
        options.items = stored;
        options.maxPartitions = request.maxPartitions;
        const std::string html = render::designDocumentHtml(design, options);
        return writeOutput(QByteArray::fromStdString(html), request.output, request.format, console);
    }
    const std::string indexName = request.indexName.toStdString();
    if (!indexName.empty() && !design.indexByName(indexName)) {
        QStringList names;
        for (const auto& index : design.indexes()) names << printable(index.name);
        err << "keyplan-cli export: the design has no index '" << printable(request.indexName) << "'"
            << (names.isEmpty() ? QString(" (it has none)") : " (it has " + names.join(", ") + ")") << "\n";
        return 2;
    }
    analysis::LayoutOptions layoutOptions;
    layoutOptions.maxPartitions = request.maxPartitions;
    const analysis::IndexLayout layout = analysis::layoutOf(
        design, indexName, stored.empty() ? render::exampleItemsOf(design) : stored, layoutOptions);
    render::PictureOptions pictureOptions;
    pictureOptions.examples = stored.empty();
    pictureOptions.style = render::PictureStyle::of(request.dark);
    const render::LayoutPicture picture(design, layout, pictureOptions);
    if (request.format == "svg") return writeOutput(picture.svg(), request.output, request.format, console);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!picture.image(request.scale).save(&buffer, "PNG")) {
        err << "keyplan-cli export: the PNG could not be encoded\n";
        return 1;
    }
    return writeOutput(png, request.output, request.format, console);
}

std::map<std::string, std::string> writeLayoutImages(const design::Design& design, const QString& directory, const QString& stem,
                                                     int maxPartitions, const Console& console)
{
    std::map<std::string, std::string> files;
    const auto items = render::exampleItemsOf(design);
    analysis::LayoutOptions layoutOptions;
    layoutOptions.maxPartitions = maxPartitions;
    std::vector<std::string> scopes{""};
    for (const auto& index : design.indexes()) scopes.push_back(index.name);
    for (const std::string& scope : scopes) {
        const analysis::IndexLayout layout = analysis::layoutOf(design, scope, items, layoutOptions);
        const QString name = stem + "-" + (scope.empty() ? QStringLiteral("table") : QString::fromStdString(scope)) + ".svg";
        QSaveFile file(QDir(directory).filePath(name));
        const QByteArray svg = render::LayoutPicture(design, layout).svg();
        if (!file.open(QIODevice::WriteOnly) || file.write(svg) != svg.size() || !file.commit()) {
            console.err << "keyplan-cli export: cannot write " << printable(file.fileName()) << ": " << file.errorString() << "\n";
            return {};
        }
        files[scope] = name.toStdString();
    }
    return files;
}

#else

int exportPicture(const design::Design&, const PictureRequest& request, const Console& console)
{
    console.err << "keyplan-cli export: " << request.format
                << " needs the drawing libraries (a build with KEYPLAN_BUILD_GUI=ON)\n";
    return 2;
}

std::map<std::string, std::string> writeLayoutImages(const design::Design&, const QString&, const QString&, int,
                                                     const Console& console)
{
    console.err << "keyplan-cli export: --images needs the drawing libraries (a build with KEYPLAN_BUILD_GUI=ON)\n";
    return {};
}

#endif

}  // namespace keyplan::cli
