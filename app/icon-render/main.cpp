// keyplan-icon-render SVG SIZE PNG: the application icon at SIZE x SIZE pixels, for the hicolor icon
// theme's fixed sizes (resources/CMakeLists.txt). A build tool, never installed: the icon is drawn
// once, as SVG, and every PNG is rendered from it.
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char* argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    QTextStream err(stderr);
    bool ok = false;
    const int size = args.value(2).toInt(&ok);
    if (args.size() != 4 || !ok || size < 1 || size > 1024) {
        err << "usage: keyplan-icon-render SVG SIZE PNG\n";
        return 2;
    }
    QSvgRenderer svg(args[1]);
    if (!svg.isValid()) {
        err << "keyplan-icon-render: cannot read " << args[1] << "\n";
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(args[3], "PNG")) {
        err << "keyplan-icon-render: cannot write " << args[3] << "\n";
        return 1;
    }
    return 0;
}
