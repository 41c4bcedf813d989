#include "appicon.h"

#include <QImageReader>
#include <QPainter>
#include <QPainterPath>

namespace {

QPixmap drawIcon(int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(size / 64.0, size / 64.0);

    // Rounded tile, as in office-desk.svg.
    QLinearGradient tile(0, 0, 0, 64);
    tile.setColorAt(0, QColor(0x1e, 0x88, 0xe5));
    tile.setColorAt(1, QColor(0x15, 0x65, 0xc0));
    painter.setPen(Qt::NoPen);
    painter.setBrush(tile);
    painter.drawRoundedRect(QRectF(2, 2, 60, 60), 12, 12);

    // A receipt with a torn lower edge.
    QPainterPath receipt;
    receipt.moveTo(16, 12);
    receipt.lineTo(42, 12);
    receipt.lineTo(42, 50);
    for (int i = 0; i < 6; ++i) {
        receipt.lineTo(42 - i * 4.33 - 2.17, 47);
        receipt.lineTo(42 - (i + 1) * 4.33, 50);
    }
    receipt.closeSubpath();
    painter.setBrush(QColor(0xfa, 0xfa, 0xfa));
    painter.drawPath(receipt);
    painter.setBrush(QColor(0x90, 0xa4, 0xae));
    for (int i = 0; i < 4; ++i)
        painter.drawRoundedRect(QRectF(20, 18 + i * 6, i == 3 ? 10 : 18, 2.6), 1.3, 1.3);

    // The person's approval: a green badge with a check mark.
    painter.setBrush(QColor(0x43, 0xa0, 0x47));
    painter.setPen(QPen(Qt::white, 2.5));
    painter.drawEllipse(QPointF(44, 44), 11, 11);
    QPen check(Qt::white, 3.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    painter.setPen(check);
    painter.setBrush(Qt::NoBrush);
    QPainterPath tick;
    tick.moveTo(39, 44.5);
    tick.lineTo(42.8, 48.2);
    tick.lineTo(49.5, 40.5);
    painter.drawPath(tick);
    return pixmap;
}

} // namespace

QIcon officeDeskIcon()
{
    if (QImageReader::supportedImageFormats().contains("svg")) {
        const QIcon fromSvg(QStringLiteral(":/office-desk.svg"));
        if (!fromSvg.isNull())
            return fromSvg;
    }
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256})
        icon.addPixmap(drawIcon(size));
    return icon;
}
